// What other features use of this one: import it from here, never from the feature's files.
export { useDonationBits } from './components/donation-bits.tsx';
