export { DashboardService } from './dashboard.ts';
