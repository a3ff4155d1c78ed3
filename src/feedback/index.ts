export { getFeedback, bindFeedback } from './feedback';
export type { Feedback } from './feedback';
export { FeedbackBinder } from './FeedbackBinder';
