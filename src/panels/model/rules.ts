// Security-group rule rows of the rules panel -> RuleSpec bodies (spec: DB security groups).
// The rule rules themselves (ports per portType, CIDR per etherType, no EGRESS DB port) are
// checked by the client's RuleSpec schema, on both sides.

export interface RuleRow {
  ruleId?: string;
  description: string;
  direction: string;
  etherType: string;
  cidr: string;
  portType: string;
  minPort: string;
  maxPort: string;
}

export function emptyRule(): RuleRow {
  return {
    description: '',
    direction: 'INGRESS',
    etherType: 'IPV4',
    cidr: '0.0.0.0/0',
    portType: 'DB_PORT',
    minPort: '',
    maxPort: '',
  };
}

function num(text: string): number | string | undefined {
  const t = text.trim();
  if (!t) return undefined;
  return /^\d+$/.test(t) ? Number(t) : t;
}

/** The RuleSpec body of a row: DB_PORT carries no ports, PORT sends minPort = maxPort. */
export function ruleBody(row: RuleRow): Record<string, unknown> {
  const port: Record<string, unknown> = { portType: row.portType };
  if (row.portType === 'PORT') {
    port.minPort = num(row.minPort);
    port.maxPort = num(row.minPort);
  } else if (row.portType === 'PORT_RANGE') {
    port.minPort = num(row.minPort);
    port.maxPort = num(row.maxPort);
  }
  const body: Record<string, unknown> = {
    direction: row.direction,
    etherType: row.etherType,
    cidr: row.cidr.trim(),
    port,
  };
  if (row.description.trim()) body.description = row.description.trim();
  return body;
}
