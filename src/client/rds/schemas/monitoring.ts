// Log files, metrics and events.
import * as z from 'zod/mini';
import {
  dateTimeInput,
  enumOf,
  EVENT_CATEGORY_TYPES,
  id,
  LOG_FILE_TYPES,
  loose,
  msg,
  nonEmpty,
  num,
  opt,
  optText,
  queryInt,
  queryList,
  str,
  when,
  Paging,
} from './fields';
import { ObjectStorageTarget } from './instances';

export const ExportLogFilesBody = z.strictObject({
  logFileNames: z
    .array(nonEmpty('logFileNames[]'), msg('logFileNames', 'must be a list of log file names'))
    .check(z.minLength(1, 'logFileNames must name at least one log file')),
  ...ObjectStorageTarget.def.shape,
});

export const ListLogFilesQuery = z.optional(
  z.strictObject({ logFileTypes: z.optional(queryList('logFileTypes', enumOf('logFileTypes[]', LOG_FILE_TYPES))) }),
);

export const LogFile = loose({ logFileName: z.string(), logFileType: str, logFileSize: num, createdYmdt: when });

export const ListEventsQuery = z.strictObject({
  ...Paging,
  from: dateTimeInput('from'),
  to: dateTimeInput('to'),
  eventCategoryType: enumOf('eventCategoryType', EVENT_CATEGORY_TYPES),
  sourceId: optText('sourceId'),
  keyword: optText('keyword'),
  ascendingOrder: z.optional(enumOf('ascendingOrder', ['ASC', 'DESC'])),
});
export const MetricStatisticsQuery = z.strictObject({
  dbInstanceId: id('dbInstanceId'),
  measureNames: z.pipe(
    queryList('measureNames', nonEmpty('measureNames[]')),
    z.array(z.string()).check(z.minLength(1, 'measureNames must name at least one metric')),
  ),
  from: dateTimeInput('from'),
  to: dateTimeInput('to'),
  interval: z.optional(queryInt('interval', 1, Number.MAX_SAFE_INTEGER)),
});

/** `[timestamp, "value"]`; numbers and numeric strings are accepted in either place, null values kept. */
export const MetricValue = z.pipe(
  z.tuple([z.union([z.number(), z.string()]), z.nullable(z.union([z.string(), z.number()]))]),
  z.transform(([t, v]): [number, string | null] => [Number(t), v === null ? null : String(v)]),
);
export const MetricStatistic = loose({
  measureName: z.string(),
  unit: str,
  values: z.pipe(
    opt(z.array(MetricValue)),
    z.transform((v) => v ?? []),
  ),
});
export const Event = loose({
  eventCategoryType: str,
  eventCode: str,
  sourceId: str,
  sourceName: str,
  messages: z.pipe(
    opt(z.array(loose({ langCode: z.string(), message: z.string() }))),
    z.transform((v) => v ?? []),
  ),
  eventYmdt: when,
});
