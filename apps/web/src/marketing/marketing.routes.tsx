// stand-in until the shell lands
import type { RouteObject } from 'react-router';

export const marketingRoutes: RouteObject[] = [];
