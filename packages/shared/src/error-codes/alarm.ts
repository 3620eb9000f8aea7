/** Alarms, warnings, message templates, notification delivery and data push (issue 5): codes 4200-4299. */
export const ALARM_ERRORS = {
  /** A warning rule with a fixed target repeats the value of another one for the same kind (002 §3). */
  warnRuleValueRepeated: { code: 4200, http: 200 },
  /** Two recipients of one device share a phone or an e-mail address (002 §5). */
  alarmRecipientDuplicate: { code: 4201, http: 200 },
  /** A recipient is given a level the device does not configure. */
  alarmRecipientLevel: { code: 4202, http: 200 },
  /** Alarm treatments on a system message, or agree/refuse on an alarm message. */
  alarmTreatmentMismatch: { code: 4203, http: 200 },
  /** Handling an alarm needs one of the reasons of 002 §4. */
  alarmReasonRequired: { code: 4204, http: 200 },
  /** The message was handled already. */
  alarmAlreadyHandled: { code: 4205, http: 200 },
  /** A data push URL whose host resolves to a private, loopback or link-local address, not allowed. */
  dataPushAddressRefused: { code: 4250, http: 200 },
  /** A data push URL whose host name does not resolve. */
  dataPushHostUnresolved: { code: 4251, http: 200 },
} as const satisfies Record<string, { code: number; http: number }>;
