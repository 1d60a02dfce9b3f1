export { MeetupSection, HANDOVER_HASH } from './components/meetup-section';
export { meetupUrl, useMeetup } from './api';
