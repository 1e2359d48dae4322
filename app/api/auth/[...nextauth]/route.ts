import { handlers } from '@/lib/dashboard/auth';

export const { GET, POST } = handlers;
