import { z } from 'zod';

/**
 * The header badge's answer (000 §3 alarm count): untreated alarm messages of the caller, and how many
 * of them the caller has not seen yet (the alarm tone plays for those).
 */
export const alarmCountSchema = z.object({
  newFlagOneCount: z.number().int(),
  totalCount: z.number().int(),
});
export type AlarmCount = z.infer<typeof alarmCountSchema>;
