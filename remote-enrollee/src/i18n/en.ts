import type { EnrolleeTextKey } from './ru';

/** English texts of the enrollee area (/enrollee/*): every Russian key, checked by the types and a test. */
export const en: Record<EnrolleeTextKey, string> = {
  'steps.loading': 'Loading the step…',
  'steps.directionIcon': 'Icon of the “{direction}” direction',
  'steps.progress': 'Done: {percent}%',
  'steps.points': '{student} of {course, plural, one {# point} other {# points}}',
  'steps.row': 'Steps',
  'steps.step': 'Step {n}: {title}, {state}',
  'steps.state.completed': 'solved',
  'steps.state.need-check': 'awaiting check',
  'steps.state.unright': 'needs fixing',
  'steps.state.plain': 'not solved',
  'steps.counter': 'Step {n} of {count}',
  'steps.next': 'Next step',
  'steps.allDone': 'Every step is done. Well done!',
  'steps.whatNext':
    'What comes next: after the first joint call you will be assigned to a stream; the invitation and the details will come to your e-mail. While you wait, you can go through the steps again.',
  'steps.again': 'Back to the first step',
  'steps.questions': "Questions? The Academy's contacts",
  'steps.pageTitle': 'Step {n}: {title}',
  'steps.reset': 'Solve again',
  'steps.right': 'The right solution',
  'steps.wrong': 'Invalid solution, check again',
  'steps.sendFailed': 'Failed to submit the solution',
  'steps.notAnsweredHere': 'This step is not answered here: follow the instructions in its text.',
  'steps.loadError': 'The step could not be loaded. Reload the page.',
  'steps.noCourse': 'There are no enrollee steps for your direction yet. We will e-mail you when they appear.',
  'congratulation.title': 'Congratulations!',
  'congratulation.enrolled': 'You are enrolled in the Academy.',
  'congratulation.stream': 'After the first joint call you will be assigned to a stream: please wait for the assignment.',
  'congratulation.email': 'We will send the details to your e-mail.',
};
