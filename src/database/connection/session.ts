// A live connection target: what Connect... produced. One per (profile, instance, user); the query
// console and the schema tree use it. Owned by src/database/connection/sessions.ts.
import type * as vscode from 'vscode';
import type { Connection } from 'mysql2/promise';
import type { Region } from '../../client/sites';
import type { EndedNotices } from './endedNotices';

export interface DbSessionTarget {
  profileId: string;
  region: Region;
  instanceId: string;
  instanceName: string;
  /** The explorer node of the instance, whose Schemas folder the session fills (any product's tree). */
  instanceNodeId?: string;
}

export interface DbSession {
  /** Stable for the life of the session: `${profileId}/${instanceId}/${user}`. */
  readonly id: string;
  readonly target: DbSessionTarget;
  readonly user: string;
  readonly endpoint: { host: string; port: number; kind: 'public' | 'private' };
  /**
   * Where connections actually go: the endpoint, or the loopback port of the SSH tunnel through
   * the bastion (the mysql client of Open in Terminal connects there too).
   */
  readonly via: { host: string; port: number; bastion?: string };
  /** The default schema of new connections; Connect... and the console's schema picker set it. */
  schema: string | undefined;
  /** Fires when `schema` changes (a console's status item shows it). */
  readonly onDidChangeSchema: vscode.Event<void>;
  /** The schemas the user saw when the session connected (SHOW DATABASES less the server's own). */
  readonly userSchemas: readonly string[];
  /** The user marked this connection as production: DROP, TRUNCATE, DELETE/UPDATE without WHERE ask first. */
  readonly production: boolean;
  /** Fires when a statement run on this session created, changed or dropped a table or schema (the tree reads it again). */
  readonly onDidChangeObjects: vscode.Event<void>;
  /** Said by whoever ran such a statement (the query console). */
  objectsChanged(): void;
  /** A new mysql2 connection with this session's credentials and TLS, already connected. The caller ends it. */
  connect(): Promise<Connection>;
  readonly onDidEnd: vscode.Event<void>;
  end(): Promise<void>;
}

export interface DbSessions {
  all(): readonly DbSession[];
  get(id: string): DbSession | undefined;
  /** The sessions of one instance of a profile. */
  forInstance(profileId: string, instanceId: string): DbSession[];
  readonly onDidChange: vscode.Event<void>;
  /** Where every "this connection has ended" is said: the next session of the same id closes it. */
  readonly notices: EndedNotices;
}
