import type { InactiveTextKey } from './ru';

/** English texts of the shell's inactivation pages. */
export const en: Record<InactiveTextKey, string> = {
  'inactive.EXPELLED.learner.title': 'Your studies have been stopped',
  'inactive.EXPELLED.learner.text':
    'The Academy has ended or paused your studies, so your courses and tasks are locked for now. Your solutions and points are saved.',
  'inactive.EXPELLED.learner.todo':
    'If you think this is a mistake or want to resume your studies, contact your curator or support (see the Contacts page).',
  'inactive.PAYMENT_OVERDUE.learner.title': 'Your studies are awaiting payment',
  'inactive.PAYMENT_OVERDUE.learner.text':
    'Your payment is overdue, so your courses are locked for now. Once we receive the payment, you’ll get access back with all your solutions and points.',
  'inactive.PAYMENT_OVERDUE.learner.todo':
    'Please pay as set out in your contract. If you’ve already paid, send us the receipt and we’ll restore your access.',
  'inactive.WAITING_FOR_STREAM.learner.title': 'Your stream starts soon',
  'inactive.WAITING_FOR_STREAM.learner.text':
    'You’re enrolled in the Academy, but your stream hasn’t started yet. Your courses will open as soon as you’re added to a stream.',
  'inactive.WAITING_FOR_STREAM.learner.todo':
    'We’ll e-mail you the start date and a link to the first call. If you don’t hear from us within a few days, get in touch.',
  'inactive.WAITING_FOR_STREAM.enrollee.title': 'You’re enrolled! Now waiting for your stream',
  'inactive.WAITING_FOR_STREAM.enrollee.text':
    'Thanks for completing the intro steps! After the first group call, you’ll be assigned to a stream and start classes with a mentor.',
  'inactive.WAITING_FOR_STREAM.enrollee.todo':
    'We’ll send the details by e-mail. If you don’t hear from us within a few days, get in touch.',
  'inactive.staff.title': 'Access suspended',
  'inactive.staff.text': 'An administrator has suspended your account: the Academy’s work areas are closed for now.',
  'inactive.staff.todo': 'If this is a mistake, contact the Academy’s administrator.',
  'inactive.todoTitle': 'What to do',
  'inactive.contacts': 'Academy contacts',
  'inactive.checkAgain': 'Check again',
  'inactive.stillInactive': 'Your access hasn’t been restored yet. This page will open the Academy automatically once it is.',
  'inactive.signedInAs': 'You’re signed in as {name} ({role}).',
};
