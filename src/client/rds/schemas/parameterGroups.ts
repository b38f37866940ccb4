// Parameter groups and their parameters.
import * as z from 'zod/mini';
import { dbVersion, description, id, loose, msg, nonEmpty, opt, str, when } from './fields';

export const CreateParameterGroupBody = z.strictObject({
  parameterGroupName: nonEmpty('parameterGroupName'),
  description,
  dbVersion: dbVersion(),
});
export const CopyParameterGroupBody = z.strictObject({
  parameterGroupName: nonEmpty('parameterGroupName'),
  description,
});
export const ModifyParametersBody = z.strictObject({
  modifiedParameters: z.array(
    z.strictObject({ parameterId: id('parameterId'), value: z.string(msg('value', 'must be text')) }),
    msg('modifiedParameters', 'must be a list of {parameterId, value}'),
  ),
});

export const ListParameterGroupsQuery = z.optional(z.strictObject({ dbVersion: z.optional(dbVersion()) }));

export const ParameterGroupItem = loose({
  parameterGroupId: z.string(),
  parameterGroupName: z.string(),
  description: str,
  dbVersion: str,
  parameterGroupStatus: str,
  createdYmdt: when,
  updatedYmdt: when,
});
export const Parameter = loose({
  parameterId: z.string(),
  /** Documented upper-case, sent lower-case: normalised to upper-case. */
  parameterFileGroup: z.pipe(
    str,
    z.transform((v) => (typeof v === 'string' ? v.toUpperCase() : v)),
  ),
  parameterName: z.string(),
  fileParameterName: str,
  value: str,
  defaultValue: str,
  allowedValue: str,
  updateType: str,
  applyType: str,
});
export const ParameterGroup = loose({
  ...ParameterGroupItem.def.shape,
  parameters: z.pipe(
    opt(z.array(Parameter)),
    z.transform((v) => v ?? []),
  ),
});
