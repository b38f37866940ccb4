// One call for main.ts: the explorer tree, the job tracker, "Explore the Sandbox" and the RDS
// feature, wired together. `features` is main's list (profiles, network, storage, panels...):
// its regionChildren are shown under each region; the returned features are appended to it.
import type * as vscode from 'vscode';
import { createRdsFeature } from '../../rds/activation';
import { JobTracker } from '../jobs';
import { SandboxController } from '../sandbox';
import type { Feature, Services } from '../services';
import { createExplorer, type Explorer } from './explorer';

export function activateExplorer(services: Services, features: Feature[]): { provider: vscode.TreeDataProvider<unknown>; features: Feature[]; explorer: Explorer; jobs: JobTracker } {
  const explorer = createExplorer(services);
  const jobs = new JobTracker(services, explorer);
  const sandbox = new SandboxController(services);
  explorer.onFirstLoad(() => sandbox.autoStart());
  const own = [explorer.feature, jobs.feature(), sandbox.feature(), createRdsFeature({ services, jobs, explorer })];
  // The same array main keeps: features it adds later still reach the regions.
  explorer.setFeatures(features);
  return { provider: explorer.provider as vscode.TreeDataProvider<unknown>, features: own, explorer, jobs };
}
