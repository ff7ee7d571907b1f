import type { InactiveTextKey } from './ru';

/** English texts of the shell's inactivation pages. */
export const en: Record<InactiveTextKey, string> = {
  'inactive.EXPELLED.learner.title': 'Your studies have been stopped',
  'inactive.EXPELLED.learner.text':
    'The Academy has ended or paused your studies, so the courses and tasks are closed for now. Your solutions and points are kept.',
  'inactive.EXPELLED.learner.todo':
    'If you think this is a mistake or want to come back to your studies, write to your curator or to support: see the Contacts page.',
  'inactive.PAYMENT_OVERDUE.learner.title': 'Your studies are waiting for payment',
  'inactive.PAYMENT_OVERDUE.learner.text':
    'The payment for your studies is overdue, so the courses are closed for now. As soon as the payment arrives, access comes back with all your solutions and points.',
  'inactive.PAYMENT_OVERDUE.learner.todo':
    'Pay for your studies as agreed. If you have already paid, write to us with the receipt and we will open access.',
  'inactive.WAITING_FOR_STREAM.learner.title': 'Your stream starts soon',
  'inactive.WAITING_FOR_STREAM.learner.text':
    'You are enrolled in the Academy, but your stream has not started yet. The courses open as soon as you are added to a stream.',
  'inactive.WAITING_FOR_STREAM.learner.todo':
    'We will e-mail you the start date and the link to the first call. If no e-mail comes within a few days, write to us.',
  'inactive.WAITING_FOR_STREAM.enrollee.title': 'You are enrolled: waiting for your stream',
  'inactive.WAITING_FOR_STREAM.enrollee.text':
    'Thank you for completing the introductory steps! After the first joint call you will be assigned to a stream, and classes with a mentor begin.',
  'inactive.WAITING_FOR_STREAM.enrollee.todo':
    'The details will come by e-mail. If no e-mail comes within a few days, write to us.',
  'inactive.staff.title': 'Access suspended',
  'inactive.staff.text': 'An administrator has suspended your account: the Academy’s work areas are closed for now.',
  'inactive.staff.todo': 'If this is a mistake, contact the Academy’s administrator.',
  'inactive.todoTitle': 'What to do',
  'inactive.contacts': 'Academy contacts',
  'inactive.checkAgain': 'Check again',
  'inactive.stillInactive': 'Access has not been restored yet. This page opens the Academy by itself once it is.',
  'inactive.signedInAs': 'You are signed in as {name} ({role}).',
};
