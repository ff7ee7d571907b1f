import { REVIEW_LIMITS } from '@academy/shared/contract';
import { dayOf, shiftDay } from '../../components/review-slot';
import { EMPTY_SLOT_FORM, fromSlot, slotFormSchema, startOf, toSlotInput, type SlotFormValues } from './slot-form-values';

async function errorsOf(values: SlotFormValues, seatsTaken = 0): Promise<Record<string, string>> {
  try {
    await slotFormSchema.validate(values, { abortEarly: false, context: { seatsTaken } });
    return {};
  } catch (error) {
    const { inner } = error as { inner: Array<{ path: string; message: string }> };
    return Object.fromEntries(inner.map((e) => [e.path, e.message]));
  }
}

const tomorrow = shiftDay(dayOf(new Date()), 1);
const valid: SlotFormValues = { ...EMPTY_SLOT_FORM, courseId: '1', moduleId: '2', date: tomorrow, time: '18:30', capacity: 5 };

describe('the planning form rules', () => {
  it('accepts a complete slot and makes its request', async () => {
    expect(await errorsOf(valid)).toEqual({});
    expect(toSlotInput({ ...valid, mentorId: '9', conferenceUrl: '  https://meet.example/abc  ' })).toEqual({
      moduleId: 2,
      startsAt: new Date(`${tomorrow}T18:30`).toISOString(),
      capacity: 5,
      mentorId: 9,
      conferenceUrl: 'https://meet.example/abc',
    });
    expect(toSlotInput(valid)).toMatchObject({ mentorId: null, conferenceUrl: null });
  });

  it('names every missing field', async () => {
    expect(await errorsOf({ ...EMPTY_SLOT_FORM, capacity: '' })).toEqual({
      courseId: 'planning.errors.courseRequired',
      moduleId: 'planning.errors.moduleRequired',
      date: 'planning.errors.dateRequired',
      time: 'planning.errors.timeRequired',
      capacity: 'planning.errors.capacityRequired',
    });
  });

  it('wants a real start in the future and not too far ahead', async () => {
    expect(startOf('2030-02-31', '10:00')).toBeNull();
    expect(await errorsOf({ ...valid, date: '2030-02-31' })).toEqual({ time: 'planning.errors.startInvalid' });
    expect(await errorsOf({ ...valid, date: shiftDay(dayOf(new Date()), -1) })).toEqual({ time: 'planning.errors.startPast' });
    expect(await errorsOf({ ...valid, date: shiftDay(dayOf(new Date()), REVIEW_LIMITS.maxDaysAhead + 2) })).toEqual({
      time: 'planning.errors.startTooFar',
    });
  });

  it('bounds the seats, never below the students booked, and checks the conference address', async () => {
    expect(await errorsOf({ ...valid, capacity: 0 })).toEqual({ capacity: 'planning.errors.capacityRange' });
    expect(await errorsOf({ ...valid, capacity: REVIEW_LIMITS.maxCapacity + 1 })).toEqual({
      capacity: 'planning.errors.capacityRange',
    });
    expect(await errorsOf({ ...valid, capacity: 2.5 })).toEqual({ capacity: 'planning.errors.capacityWhole' });
    expect(await errorsOf({ ...valid, capacity: 2 }, 3)).toEqual({ capacity: 'planning.errors.capacityBelowBooked' });
    expect(await errorsOf({ ...valid, conferenceUrl: 'javascript:alert(1)' })).toEqual({
      conferenceUrl: 'planning.errors.linkInvalid',
    });
    expect(await errorsOf({ ...valid, conferenceUrl: '//meet.example' })).toEqual({
      conferenceUrl: 'planning.errors.linkInvalid',
    });
    expect(
      await errorsOf({ ...valid, conferenceUrl: `https://meet.example/${'a'.repeat(REVIEW_LIMITS.maxLinkLength)}` }),
    ).toEqual({ conferenceUrl: 'planning.errors.linkTooLong' });
  });

  it('loads a planned slot back as it was entered', () => {
    const startsAt = new Date(`${tomorrow}T09:05`).toISOString();
    expect(
      fromSlot({
        id: 1,
        moduleId: 2,
        moduleName: 'M',
        modulePosition: 1,
        courseId: 3,
        courseName: 'C',
        startsAt,
        capacity: 4,
        seatsTaken: 1,
        mentorId: null,
        mentorName: null,
        conferenceUrl: null,
        canceled: false,
        bookings: [],
      }),
    ).toEqual({ courseId: '3', moduleId: '2', date: tomorrow, time: '09:05', capacity: 4, mentorId: '', conferenceUrl: '' });
  });
});
