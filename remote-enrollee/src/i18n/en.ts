import type { EnrolleeTextKey } from './ru';

/** English texts of the enrollee area (/enrollee/*): every Russian key, checked by the types and a test. */
export const en: Record<EnrolleeTextKey, string> = {
  'steps.loading': 'Loading the step…',
  'steps.directionIcon': '“{direction}” direction icon',
  'steps.progress': 'Completed: {percent}%',
  'steps.points': '{student} of {course, plural, one {# point} other {# points}}',
  'steps.row': 'Steps',
  'steps.step': 'Step {n}: {title}, {state}',
  'steps.state.completed': 'solved',
  'steps.state.need-check': 'awaiting check',
  'steps.state.unright': 'needs fixing',
  'steps.state.plain': 'not solved',
  'steps.counter': 'Step {n} of {count}',
  'steps.next': 'Next step',
  'steps.allDone': 'All steps complete. Great job!',
  'steps.whatNext':
    'What’s next: after the first group call, you’ll be assigned to a stream. We’ll e-mail you the invitation and details. While you wait, feel free to go through the steps again.',
  'steps.again': 'Back to the first step',
  'steps.questions': 'Questions? Contact the Academy',
  'steps.pageTitle': 'Step {n}: {title}',
  'steps.reset': 'Solve again',
  'steps.right': 'The right solution',
  'steps.wrong': 'Invalid solution, check again',
  'steps.sendFailed': 'Couldn’t send your solution',
  'steps.notAnsweredHere': 'This step isn’t answered here: follow the instructions in its text.',
  'steps.loadError': 'Couldn’t load this step. Reload the page.',
  'steps.noCourse': 'There are no enrollee steps for your direction yet. We’ll e-mail you when they’re ready.',
  'congratulation.title': 'Congratulations!',
  'congratulation.enrolled': 'You’re enrolled in the Academy.',
  'congratulation.stream': 'After the first group call, you’ll be assigned to a stream. Please wait for your assignment.',
  'congratulation.email': 'We’ll e-mail you the details.',
};
