// Event codes and their messages in the four languages the service answers with.
// `{name}` is replaced by the source's name. Codes follow the documented shape LETTERS_NN_NN and
// are the user guide's (Notification > Event; src/rds/eventCodes.ts) where it lists the event: the
// extension shows a listed code's meaning beside the message, so a sandbox code must not mean
// something else there. The events it does not list keep codes of their own, which it never uses.

export interface EventTemplate {
  eventCode: string;
  /** Category as the category list names it (DB_INSTANCE, BACKUP, JOB, TENANT, MONITORING) or DB_SECURITY_GROUP. */
  category: string;
  EN: string;
  JA: string;
  KO: string;
  ZH: string;
}

export const EVENT_TEMPLATES: EventTemplate[] = [
  {
    eventCode: 'INSTC_01_01',
    category: 'DB_INSTANCE',
    EN: 'DB instance {name} was created.',
    JA: 'DBインスタンス{name}が作成されました。',
    KO: 'DB 인스턴스 {name}이(가) 생성되었습니다.',
    ZH: '已创建数据库实例{name}。',
  },
  {
    eventCode: 'INSTC_04_01',
    category: 'DB_INSTANCE',
    EN: 'DB instance {name} was deleted.',
    JA: 'DBインスタンス{name}が削除されました。',
    KO: 'DB 인스턴스 {name}이(가) 삭제되었습니다.',
    ZH: '已删除数据库实例{name}。',
  },
  {
    eventCode: 'INSTC_02_01',
    category: 'DB_INSTANCE',
    EN: 'DB instance {name} was started.',
    JA: 'DBインスタンス{name}が起動しました。',
    KO: 'DB 인스턴스 {name}이(가) 시작되었습니다.',
    ZH: '数据库实例{name}已启动。',
  },
  {
    eventCode: 'INSTC_53_01',
    category: 'DB_INSTANCE',
    EN: 'DB instance {name} was stopped.',
    JA: 'DBインスタンス{name}が停止しました。',
    KO: 'DB 인스턴스 {name}이(가) 중지되었습니다.',
    ZH: '数据库实例{name}已停止。',
  },
  {
    eventCode: 'INSTC_02_03',
    category: 'DB_INSTANCE',
    EN: 'DB instance {name} was restarted.',
    JA: 'DBインスタンス{name}が再起動されました。',
    KO: 'DB 인스턴스 {name}이(가) 재시작되었습니다.',
    ZH: '数据库实例{name}已重新启动。',
  },
  {
    eventCode: 'INSTC_09_01',
    category: 'DB_INSTANCE',
    EN: 'DB instance {name} was modified.',
    JA: 'DBインスタンス{name}が変更されました。',
    KO: 'DB 인스턴스 {name}이(가) 수정되었습니다.',
    ZH: '已修改数据库实例{name}。',
  },
  {
    eventCode: 'INSTC_26_00',
    category: 'DB_INSTANCE',
    EN: 'Failover occurred on DB instance {name}.',
    JA: 'DBインスタンス{name}でフェイルオーバーが発生しました。',
    KO: 'DB 인스턴스 {name}에서 장애 조치가 발생했습니다.',
    ZH: '数据库实例{name}发生了故障转移。',
  },
  {
    eventCode: 'INSTC_16_01',
    category: 'DB_INSTANCE',
    EN: 'Read replica {name} was promoted to a master.',
    JA: 'リードレプリカ{name}がマスターに昇格しました。',
    KO: '읽기 복제본 {name}이(가) 마스터로 승격되었습니다.',
    ZH: '只读副本{name}已提升为主实例。',
  },
  {
    eventCode: 'BACUP_01_00',
    category: 'BACKUP',
    EN: 'Backup of {name} started.',
    JA: '{name}のバックアップを開始しました。',
    KO: '{name}의 백업이 시작되었습니다.',
    ZH: '{name}的备份已开始。',
  },
  {
    eventCode: 'BACUP_01_01',
    category: 'BACKUP',
    EN: 'Backup of {name} completed.',
    JA: '{name}のバックアップが完了しました。',
    KO: '{name}의 백업이 완료되었습니다.',
    ZH: '{name}的备份已完成。',
  },
  {
    eventCode: 'BACUP_01_04',
    category: 'BACKUP',
    EN: 'Backup of {name} failed.',
    JA: '{name}のバックアップに失敗しました。',
    KO: '{name}의 백업이 실패했습니다.',
    ZH: '{name}的备份失败。',
  },
  {
    eventCode: 'JOB_01_01',
    category: 'JOB',
    EN: 'Job on {name} completed.',
    JA: '{name}のジョブが完了しました。',
    KO: '{name}의 작업이 완료되었습니다.',
    ZH: '{name}的作业已完成。',
  },
  {
    eventCode: 'JOB_01_02',
    category: 'JOB',
    EN: 'Job on {name} failed.',
    JA: '{name}のジョブが失敗しました。',
    KO: '{name}의 작업이 실패했습니다.',
    ZH: '{name}的作业失败。',
  },
  {
    eventCode: 'MONIT_01_01',
    category: 'MONITORING',
    EN: 'CPU usage of {name} exceeded 90%.',
    JA: '{name}のCPU使用率が90%を超えました。',
    KO: '{name}의 CPU 사용률이 90%를 초과했습니다.',
    ZH: '{name}的CPU使用率超过了90%。',
  },
  {
    eventCode: 'MONIT_01_02',
    category: 'MONITORING',
    EN: 'Disk usage of {name} exceeded 80%.',
    JA: '{name}のディスク使用率が80%を超えました。',
    KO: '{name}의 디스크 사용률이 80%를 초과했습니다.',
    ZH: '{name}的磁盘使用率超过了80%。',
  },
  {
    eventCode: 'MONIT_02_01',
    category: 'MONITORING',
    EN: 'Replication delay on {name} exceeded 60 seconds.',
    JA: '{name}のレプリケーション遅延が60秒を超えました。',
    KO: '{name}의 복제 지연이 60초를 초과했습니다.',
    ZH: '{name}的复制延迟超过了60秒。',
  },
  {
    eventCode: 'SECGR_01_01',
    category: 'DB_SECURITY_GROUP',
    EN: 'A rule was added to DB security group {name}.',
    JA: 'DBセキュリティグループ{name}にルールが追加されました。',
    KO: 'DB 보안 그룹 {name}에 규칙이 추가되었습니다.',
    ZH: '已向数据库安全组{name}添加规则。',
  },
  {
    eventCode: 'SECGR_01_02',
    category: 'DB_SECURITY_GROUP',
    EN: 'A rule of DB security group {name} was deleted.',
    JA: 'DBセキュリティグループ{name}のルールが削除されました。',
    KO: 'DB 보안 그룹 {name}의 규칙이 삭제되었습니다.',
    ZH: '已删除数据库安全组{name}的规则。',
  },
  {
    eventCode: 'TENANT_01_01',
    category: 'TENANT',
    EN: 'Scheduled maintenance for project {name} is planned.',
    JA: 'プロジェクト{name}の定期メンテナンスが予定されています。',
    KO: '프로젝트 {name}의 정기 점검이 예정되어 있습니다.',
    ZH: '项目{name}已计划定期维护。',
  },
];

export const TEMPLATE_BY_CODE = new Map(EVENT_TEMPLATES.map((t) => [t.eventCode, t]));

/**
 * The events request names INSTANCE and DB_SECURITY_GROUP, the category list DB_INSTANCE, JOB and
 * MONITORING (the live service, as observed): both vocabularies select the same events.
 */
export const CATEGORY_FILTER: Record<string, string[]> = {
  ALL: [],
  INSTANCE: ['DB_INSTANCE', 'INSTANCE'],
  DB_INSTANCE: ['DB_INSTANCE', 'INSTANCE'],
  BACKUP: ['BACKUP'],
  DB_SECURITY_GROUP: ['DB_SECURITY_GROUP'],
  TENANT: ['TENANT'],
  JOB: ['JOB'],
  MONITORING: ['MONITORING'],
};
