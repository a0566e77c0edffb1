// What other features use of the donor portal: import it from here, never from the feature's files.

export { DonorRecord } from './components/DonorRecord.tsx';
