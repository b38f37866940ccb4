// "Where does this address route?" over the rules of one transit-hub routing table, as a transit
// hub decides: the longest matching prefix wins; at equal length a STATIC rule wins over a
// PROPAGATED one (a static route is how a person overrides what attachments announce).
import { cidrContains, cidrProblem, isIpv4, type RoutingRule } from './schemas';

export interface RouteDecision {
  rule: RoutingRule;
  /** FORWARD to `rule.attachment_id`, or BLACKHOLE (dropped). */
  action: string;
  prefixLength: number;
}

/** The deciding rule for `ip`, or undefined when no rule matches (the traffic is dropped). Rules with unreadable CIDRs are skipped. */
export function routeFor(rules: readonly RoutingRule[], ip: string): RouteDecision | undefined {
  if (!isIpv4(ip)) return undefined;
  let best: RouteDecision | undefined;
  for (const rule of rules) {
    const cidr = rule.cidr ?? '';
    if (cidrProblem(cidr) !== undefined || !cidrContains(cidr, ip)) continue;
    const prefixLength = Number(cidr.split('/')[1]);
    const better =
      !best ||
      prefixLength > best.prefixLength ||
      (prefixLength === best.prefixLength && best.rule.rule_type === 'PROPAGATED' && rule.rule_type !== 'PROPAGATED');
    if (better) best = { rule, action: (rule.action ?? 'FORWARD').toUpperCase(), prefixLength };
  }
  return best;
}
