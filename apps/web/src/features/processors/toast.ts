// One toast for the app: shared/toast.ts.
export { toast } from '../../shared/toast.ts';
