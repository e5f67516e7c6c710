// The reads `tripctl doctor` makes, declared with the verb (all GETs: the doctor never writes).
export const READ_PROBE_CALLS = ['GET /openapi.json', 'GET /company', 'GET /cities', 'GET /members', 'GET /vehicles', 'GET /schedules', 'GET /bookings', 'GET /payments', 'GET /dashboard', 'GET /webhooks'];
