// What other features use of this one: import it from here, never from the feature's files.

export { AuthLayout } from './components/AuthLayout.tsx';
export { NewPasswordInput } from './components/NewPasswordInput.tsx';
