import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  deviceTypeFieldsSchema,
  ERRORS,
  formulaSchema,
  paramRuleIssues,
  typeCodeSchema,
  valueRangeSchema,
} from '@coldchain/shared';
import type { FormInstance } from 'antd';
import i18next from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/http.ts';
import { notify } from '../app/feedback.ts';
import enUS from '../locales/en-US/common.json';
import { checkField, fieldLabel, showRuleIssues, showSaveError } from './schema-rules.ts';

vi.mock('../app/feedback.ts', () => ({ notify: vi.fn() }));
vi.mock('../app/i18n.ts', () => ({ currentLocale: () => 'en-US' }));
vi.mock('../app/session.ts', () => ({
  getToken: () => null,
  endSession: vi.fn(),
  currentPath: () => '/',
  isEnding: () => false,
}));

beforeAll(async () => {
  await i18next.init({ lng: 'en-US', resources: { 'en-US': { common: enUS } }, defaultNS: 'common' });
});

interface ServerMessages {
  errors: Record<string, string>;
  rules: Record<string, string>;
  fields: Record<string, string>;
}
const serverEnUS = JSON.parse(
  fs.readFileSync(
    path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../server/src/i18n/locales/en-US.json'),
    'utf8',
  ),
) as ServerMessages;

/** What the server answers for a failing field: its "{field}: {rule}" in the same language. */
function serverMessage(field: string, rule: string, params: Record<string, number> = {}): string {
  const fill = (text: string | undefined) =>
    (text ?? `missing ${rule}`).replace(/\{(\w+)\}/g, (_m, name: string) => String(params[name]));
  return (serverEnUS.errors.validation ?? '')
    .replace('{field}', serverEnUS.fields[field] ?? `missing ${field}`)
    .replace('{rule}', fill(serverEnUS.rules[rule]));
}

const shape = deviceTypeFieldsSchema.shape;

describe('form rules from the shared schemas', () => {
  it('words a failure exactly as the server does, naming the field', () => {
    const label = fieldLabel('typeCode');
    expect(checkField(typeCodeSchema, label, '7FFF')).toBe(serverMessage('typeCode', 'typeCode'));
    expect(checkField(typeCodeSchema, label, '1000000')).toBe(serverMessage('typeCode', 'typeCode'));
    expect(checkField(typeCodeSchema, label, 'G001')).toBe(serverMessage('typeCode', 'typeCode'));
    expect(checkField(typeCodeSchema, label, '8000')).toBeNull();
    expect(checkField(typeCodeSchema, label, 'ffffff')).toBeNull();
    expect(checkField(shape.typeName, fieldLabel('typeName'), 'A')).toBe(
      serverMessage('typeName', 'tooShortString', { minimum: 2 }),
    );
    expect(checkField(shape.typeName, fieldLabel('typeName'), 'x'.repeat(51))).toBe(
      serverMessage('typeName', 'tooLongString', { maximum: 50 }),
    );
    expect(checkField(shape.typeDesc, fieldLabel('typeDesc'), 'x'.repeat(121))).toBe(
      serverMessage('typeDesc', 'tooLongString', { maximum: 120 }),
    );
  });

  it('treats empty inputs as not given: required fields say so, optional ones pass', () => {
    expect(checkField(shape.typeName, fieldLabel('typeName'), '   ')).toBe(
      serverMessage('typeName', 'required'),
    );
    expect(checkField(shape.typeScenes, fieldLabel('typeScenes'), [])).toBe(
      serverMessage('typeScenes', 'required'),
    );
    expect(checkField(shape.deviceImg, fieldLabel('deviceImg'), '')).toBeNull();
    expect(checkField(shape.deviceImg, fieldLabel('deviceImg'), 'ftp://x')).toBe(
      serverMessage('deviceImg', 'url'),
    );
  });

  it('checks formulas in X and value texts without comma or colon', () => {
    const label = fieldLabel('toBasicFormula');
    expect(checkField(formulaSchema, label, '(X-32)/1.8')).toBeNull();
    expect(checkField(formulaSchema, label, 'X+*2')).toBe(serverMessage('toBasicFormula', 'formula'));
    expect(checkField(formulaSchema, label, '32')).toBe(serverMessage('toBasicFormula', 'formula'));
    expect(checkField(formulaSchema, label, `X+${'1'.repeat(100)}`)).toBe(
      serverMessage('toBasicFormula', 'tooLongString', { maximum: 100 }),
    );
    const text = valueRangeSchema.element.shape.text;
    expect(checkField(text, fieldLabel('text'), 'on, off')).toBe(serverMessage('text', 'noCommaColon'));
    expect(checkField(text, fieldLabel('text'), 'a：b')).toBe(serverMessage('text', 'noCommaColon'));
    expect(checkField(text, fieldLabel('text'), 'open')).toBeNull();
  });
});

function fakeForm() {
  const setFields = vi.fn();
  return { form: { setFields } as unknown as FormInstance, setFields };
}

describe('server failures on a form', () => {
  it('puts a field-named validation failure under its field', () => {
    const { form, setFields } = fakeForm();
    const message = 'Type code: must be a hexadecimal number of at most 6 digits, at least 8000';
    const error = new ApiError('business', message, ERRORS.validation.code, 200, {
      fields: [{ field: 'typeCode', message }],
    });
    showSaveError(form, error, { fields: ['typeCode', 'typeName'] });
    expect(setFields).toHaveBeenCalledWith([{ name: ['typeCode'], errors: [message] }]);
    expect(notify).not.toHaveBeenCalled();
  });

  it('names array positions as paths and maps a code to its field', () => {
    const { form, setFields } = fakeForm();
    showSaveError(
      form,
      new ApiError('business', 'Value texts: x', ERRORS.validation.code, 200, {
        fields: [{ field: 'valueRange.1.text', message: 'Value text: y' }],
      }),
      { fields: ['valueRange'] },
    );
    expect(setFields).toHaveBeenCalledWith([{ name: ['valueRange', 1, 'text'], errors: ['Value text: y'] }]);

    setFields.mockClear();
    const taken = serverEnUS.errors.typeCodeTaken ?? '';
    showSaveError(form, new ApiError('business', taken, ERRORS.typeCodeTaken.code, 200), {
      fields: ['typeCode'],
      codeFields: { [ERRORS.typeCodeTaken.code]: 'typeCode' },
    });
    expect(setFields).toHaveBeenCalledWith([{ name: ['typeCode'], errors: [taken] }]);
  });

  it('shows anything else as a notice, and nothing when the session already ended', () => {
    const { form, setFields } = fakeForm();
    showSaveError(form, new ApiError('business', 'Device type not found', 4001, 200), {
      fields: ['typeName'],
    });
    expect(notify).toHaveBeenCalledWith('error', enUS.errors.title, 'Device type not found');
    vi.mocked(notify).mockClear();
    showSaveError(form, new ApiError('forbidden', 'Access denied', 403, 403), { fields: ['typeName'] });
    showSaveError(form, new ApiError('aborted', 'aborted'), { fields: ['typeName'] });
    expect(notify).not.toHaveBeenCalled();
    expect(setFields).not.toHaveBeenCalled();
  });

  it('shows the rules across fields under the field they name', () => {
    const { form, setFields } = fakeForm();
    const issues = paramRuleIssues({
      precisionUnit: 1,
      viewPrecisionUnit: 2,
      vocationalWork: 1,
      probeId: null,
    });
    expect(showRuleIssues(form, issues)).toBe(true);
    expect(setFields).toHaveBeenCalledWith([
      { name: ['viewPrecisionUnit'], errors: [serverMessage('viewPrecisionUnit', 'viewPrecision')] },
      { name: ['probeId'], errors: [serverMessage('probeId', 'probeRequired')] },
    ]);
    expect(showRuleIssues(form, [])).toBe(false);
  });
});
