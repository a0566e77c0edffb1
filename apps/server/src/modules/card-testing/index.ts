// Card testing (decision 025): declines counted per address, card and campaign; bursts recorded and
// told to staff; a proof-of-work asked of the donation form while a burst is on.
export { type ChallengeFor, createPaymentChallenges, type PaymentChallenges } from './card-testing.challenge.ts';
export { paymentChallengeRoutes } from './card-testing.routes.ts';
export { type CardTesting, createCardTesting, type Decline, recentBursts } from './card-testing.service.ts';
