import { useFormik, validateYupSchema, yupToFormErrors } from 'formik';
import { useEffect, useId, useState } from 'react';
import { failureOf, usePageStatus } from '@academy/shared/api';
import {
  formatReportDate,
  parseReportDate,
  REPORT_EARLIEST_DAY,
  REPORT_MAX_HOURS,
  REPORT_MAX_TEXT,
  type Report,
} from '@academy/shared/contract';
import { dayInstant, useI18n, useServerText } from '@academy/shared/i18n';
import { ActionRow, Alert, Button, TextField } from '@academy/shared/ui';
import { reportSchema } from '@academy/shared/validation';
import { useT, type TextKey } from '../../i18n/reports';
import { useCreateReportMutation, useUpdateReportMutation } from './reports-api';

/** What the form holds: the fields as typed (formik turns a number field's text into a number, or ''). */
interface ReportFields {
  reportDate: string;
  countHours: number | string;
  text: string;
}

export interface ReportFormProps {
  /** the report being changed; null for a new one */
  editing: Report | null;
  /** the day a new report starts with (`yyyy-mm-dd`) */
  day: string;
  /** the day cannot be changed (the yesterday's-report modal) */
  fixedDay?: boolean;
  /** today in the user's zone, the latest day a report may have */
  today: string;
  onSaved(): void;
  onCancel?(): void;
}

const DRAFT_PREFIX = 'academy.report-draft';

/** Where the draft of this form lives: per user, and per report (a new one, yesterday's, or the one edited). */
const draftKey = (userId: number | undefined, editing: Report | null, fixedDay: boolean) =>
  `${DRAFT_PREFIX}.${userId ?? 'anonymous'}.${editing ? editing.id : fixedDay ? 'yesterday' : 'new'}`;

function readDraft(key: string): Partial<ReportFields> | null {
  try {
    const stored = globalThis.localStorage?.getItem(key);
    if (!stored) return null;
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null) return null;
    const fields: Partial<ReportFields> = {};
    const draft = value as Record<string, unknown>;
    if (typeof draft.reportDate === 'string') fields.reportDate = draft.reportDate;
    if (typeof draft.text === 'string') fields.text = draft.text;
    if (typeof draft.countHours === 'string' || typeof draft.countHours === 'number') fields.countHours = draft.countHours;
    return fields;
  } catch {
    return null;
  }
}

function writeDraft(key: string, fields: ReportFields | null): void {
  try {
    if (fields) globalThis.localStorage?.setItem(key, JSON.stringify(fields));
    else globalThis.localStorage?.removeItem(key);
  } catch {
    // storage may be unavailable (private mode): the form still works, only without the draft
  }
}

/**
 * The daily-report form (spec 1 §5): day, hours, what was done. What is typed is kept as a draft in the
 * browser (per user and report) until the server has it, so neither a refused save nor a reload loses
 * it; a refusal shows the server's own text.
 */
export function ReportForm({ editing, day, fixedDay = false, today, onSaved, onCancel }: ReportFormProps) {
  const t = useT();
  const { formatDateTime } = useI18n();
  const serverText = useServerText();
  const { profile } = usePageStatus();
  const [create] = useCreateReportMutation();
  const [update] = useUpdateReportMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const textId = useId();
  const key = draftKey(profile?.id, editing, fixedDay);

  const [initialValues] = useState<ReportFields>(() => {
    const saved: ReportFields = editing
      ? { reportDate: parseReportDate(editing.reportDate) ?? day, countHours: String(editing.countHours), text: editing.text }
      : { reportDate: day, countHours: '', text: '' };
    const draft = readDraft(key);
    return { ...saved, ...draft, ...(fixedDay ? { reportDate: day } : {}) };
  });

  const formik = useFormik<ReportFields>({
    initialValues,
    validate: async (values) => {
      try {
        await validateYupSchema(values, reportSchema, false, { today });
        return {};
      } catch (error) {
        return yupToFormErrors<ReportFields>(error);
      }
    },
    onSubmit: async (values) => {
      setFailure(null);
      const input = {
        id: editing?.id ?? null,
        text: values.text.trim(),
        countHours: Number(values.countHours),
        reportDate: formatReportDate(values.reportDate),
      };
      try {
        if (editing) await update(input).unwrap();
        else await create(input).unwrap();
        writeDraft(key, null);
        onSaved();
      } catch (error) {
        setFailure(serverText(failureOf(error)));
      }
    },
  });

  // every change is kept until the server has the report
  const { values, dirty } = formik;
  useEffect(() => {
    if (dirty) writeDraft(key, values);
  }, [key, values, dirty]);

  /** A field's message once it was left or the form was sent: the spec's keys are the area's texts. */
  const shown = (name: keyof ReportFields): string | undefined => {
    const error = formik.errors[name];
    if (typeof error !== 'string' || (!formik.touched[name] && formik.submitCount === 0)) return undefined;
    return t(error as TextKey, { max: name === 'text' ? REPORT_MAX_TEXT : REPORT_MAX_HOURS });
  };
  const textError = shown('text');
  const length = values.text.trim().length;

  return (
    <form className="report-form" onSubmit={formik.handleSubmit} noValidate>
      {fixedDay ? (
        <p className="report-form__day">
          {t('reports.form.dayFixed', {
            date: formatDateTime(dayInstant(values.reportDate), {
              day: 'numeric',
              month: 'long',
              year: 'numeric',
              timeZone: 'UTC',
            }),
          })}
        </p>
      ) : (
        <TextField
          label={t('reports.form.date')}
          type="date"
          min={REPORT_EARLIEST_DAY}
          max={today}
          required
          error={shown('reportDate')}
          {...formik.getFieldProps('reportDate')}
        />
      )}
      <TextField
        label={t('reports.form.hours')}
        type="number"
        inputMode="decimal"
        min={0}
        max={REPORT_MAX_HOURS}
        step={0.5}
        required
        error={shown('countHours')}
        {...formik.getFieldProps('countHours')}
      />
      <div className={`field${textError ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor={textId}>
          {t('reports.form.text')}
        </label>
        <textarea
          id={textId}
          className="field__input report-form__text"
          rows={4}
          required
          placeholder={t('reports.form.textPlaceholder')}
          aria-invalid={textError ? true : undefined}
          aria-describedby={`${textId}-count${textError ? ` ${textId}-error` : ''}`}
          {...formik.getFieldProps('text')}
        />
        <p id={`${textId}-count`} className={`field__hint${length > REPORT_MAX_TEXT ? ' report-form__over' : ''}`}>
          {t('reports.form.count', { count: length, max: REPORT_MAX_TEXT })}
        </p>
        {textError && (
          <p id={`${textId}-error`} className="field__error">
            {textError}
          </p>
        )}
      </div>
      {failure && <Alert kind="danger">{failure}</Alert>}
      <ActionRow>
        <Button type="submit" busy={formik.isSubmitting}>
          {editing ? t('reports.form.save') : t('reports.form.send')}
        </Button>
        {onCancel && (
          <Button
            variant="secondary"
            onClick={() => {
              // a change given up is forgotten; a new report's text waits for the next time
              if (editing) writeDraft(key, null);
              onCancel();
            }}
          >
            {t('cancel')}
          </Button>
        )}
      </ActionRow>
    </form>
  );
}
