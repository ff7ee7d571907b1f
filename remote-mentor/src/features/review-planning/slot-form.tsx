import { useFormik, validateYupSchema, yupToFormErrors, type FormikErrors } from 'formik';
import { useDispatch } from 'react-redux';
import { browserZone, failureOf, notify } from '@academy/shared/api';
import { REVIEW_LIMITS, type ReviewPlanningOptions, type ReviewSlot } from '@academy/shared/contract';
import { useServerText } from '@academy/shared/i18n';
import { ActionRow, Alert, Button, SelectField, TextField } from '@academy/shared/ui';
import { dayOf, shiftDay } from '../../components/review-slot';
import { useT, type TextKey } from '../../i18n';
import { useChangeReviewSlotMutation, usePlanReviewSlotMutation } from './planning-api';
import {
  EMPTY_SLOT_FORM,
  fieldOfServerKey,
  fromSlot,
  slotFormSchema,
  toSlotInput,
  type SlotFormContext,
  type SlotFormValues,
} from './slot-form-values';

export interface SlotFormProps {
  options: ReviewPlanningOptions;
  /** the slot being moved or changed; null for a new one */
  editing: ReviewSlot | null;
  /** after a saved slot, and when the form is cancelled */
  onDone(): void;
}

/**
 * The planning form (formik + yup, the server's limits checked first): the module (course, then its
 * module), the day and time, the seats, the reviewing mentor and the conference address. A refusal of
 * the server lands on its field, or above the buttons.
 */
export function SlotForm({ options, editing, onDone }: SlotFormProps) {
  const t = useT();
  const dispatch = useDispatch();
  const serverText = useServerText();
  const [plan] = usePlanReviewSlotMutation();
  const [change] = useChangeReviewSlotMutation();
  const context: SlotFormContext = { seatsTaken: editing?.seatsTaken ?? 0 };
  const today = dayOf(new Date());

  const formik = useFormik<SlotFormValues>({
    initialValues: editing ? fromSlot(editing) : EMPTY_SLOT_FORM,
    validateOnChange: false,
    validate: async (values) => {
      try {
        await validateYupSchema(values, slotFormSchema, false, context);
        return {};
      } catch (error) {
        return yupToFormErrors<SlotFormValues>(error);
      }
    },
    onSubmit: async (values, helpers) => {
      const input = toSlotInput(values);
      try {
        if (editing) await change({ id: editing.id, input }).unwrap();
        else await plan(input).unwrap();
        dispatch(notify({ kind: 'success', message: editing ? 'planning.saved' : 'planning.planned' }));
        onDone();
      } catch (error) {
        const failure = failureOf(error);
        helpers.setErrors({ [fieldOfServerKey(failure.key)]: serverText(failure) } as FormikErrors<SlotFormValues>);
      }
    },
  });

  /** A field's error to show: the area's text for a rule of the form, the server's own text otherwise. */
  const shown = (name: keyof SlotFormValues): string | undefined => {
    const error = formik.errors[name];
    if (typeof error !== 'string' || (!formik.touched[name] && formik.submitCount === 0)) return undefined;
    return error.startsWith('planning.')
      ? t(error as TextKey, {
          max: REVIEW_LIMITS.maxLinkLength,
          capacity: REVIEW_LIMITS.maxCapacity,
          days: REVIEW_LIMITS.maxDaysAhead,
          booked: context.seatsTaken,
        })
      : error;
  };
  const { values } = formik;
  const courses = options.modules.filter(
    (option, index) => options.modules.findIndex((other) => other.courseId === option.courseId) === index,
  );
  const modules = options.modules.filter((option) => String(option.courseId) === values.courseId);
  const booked = editing ? editing.bookings.filter((booking) => booking.status === 'WAITED').length : 0;

  return (
    <form className="slot-form" onSubmit={formik.handleSubmit} noValidate>
      <SelectField
        label={t('planning.field.course')}
        error={shown('courseId')}
        {...formik.getFieldProps('courseId')}
        onChange={(event) => void formik.setValues({ ...values, courseId: event.target.value, moduleId: '' }, false)}
      >
        <option value="">{t('planning.field.choose')}</option>
        {courses.map((course) => (
          <option key={course.courseId} value={String(course.courseId)}>
            {course.courseName}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t('planning.field.module')}
        error={shown('moduleId')}
        disabled={!values.courseId}
        hint={values.courseId ? undefined : t('planning.field.moduleHint')}
        {...formik.getFieldProps('moduleId')}
      >
        <option value="">{t('planning.field.choose')}</option>
        {modules.map((module) => (
          <option key={module.moduleId} value={String(module.moduleId)}>
            {t('reviewSlot.module', { position: module.modulePosition, name: module.moduleName })}
          </option>
        ))}
      </SelectField>
      <div className="slot-form__when">
        <TextField
          label={t('planning.field.date')}
          type="date"
          min={today}
          max={shiftDay(today, REVIEW_LIMITS.maxDaysAhead)}
          required
          error={shown('date')}
          {...formik.getFieldProps('date')}
        />
        <TextField
          label={t('planning.field.time')}
          type="time"
          step={60}
          required
          error={shown('time')}
          {...formik.getFieldProps('time')}
        />
      </div>
      <p className="slot-form__zone">{t('planning.field.zone', { zone: browserZone })}</p>
      <TextField
        label={t('planning.field.capacity')}
        type="number"
        inputMode="numeric"
        min={Math.max(1, context.seatsTaken)}
        max={REVIEW_LIMITS.maxCapacity}
        step={1}
        required
        hint={t('planning.field.capacityHint', { max: REVIEW_LIMITS.maxCapacity })}
        error={shown('capacity')}
        {...formik.getFieldProps('capacity')}
      />
      <SelectField label={t('planning.field.mentor')} error={shown('mentorId')} {...formik.getFieldProps('mentorId')}>
        <option value="">{t('planning.field.noMentor')}</option>
        {options.mentors.map((mentor) => (
          <option key={mentor.id} value={String(mentor.id)}>
            {mentor.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('planning.field.link')}
        type="url"
        inputMode="url"
        autoComplete="off"
        maxLength={REVIEW_LIMITS.maxLinkLength}
        placeholder="https://"
        hint={t('planning.field.linkHint')}
        error={shown('conferenceUrl')}
        {...formik.getFieldProps('conferenceUrl')}
      />
      {booked > 0 && <Alert kind="info">{t('planning.bookedNote', { count: booked })}</Alert>}
      {typeof formik.errors.form === 'string' && <Alert kind="danger">{formik.errors.form}</Alert>}
      <ActionRow>
        <Button type="submit" busy={formik.isSubmitting}>
          {editing ? t('planning.save') : t('planning.plan')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('cancel')}
        </Button>
      </ActionRow>
    </form>
  );
}
