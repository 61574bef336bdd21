// The activity log: every request sent to the marketplace, as the seller reads it.
export {
  activityOutcomes,
  durationMs,
  exportActivityCsv,
  listActivity,
  listActivityWithSay,
  outcomeWords,
} from './listActivity';
export type {
  ActivityCsv,
  ActivityEntry,
  ActivityList,
  ActivityListInput,
  SaidActivityEntry,
} from './listActivity';
export type { ActivityOutcome } from '../../store';
export { earlierRequests, type EarlierRequests } from './earlierRequests';
