// The day's work as prompts a person picks in their assistant's client (MCP prompts): each is the
// request a manager would type, naming the tools and their arguments, so the assistant answers it
// in the fewest calls. Every tool a prompt names is checked to exist (test/mcp/questions.test.ts).
import type { GetPromptResult, Prompt } from '@modelcontextprotocol/sdk/types.js';

interface PromptSpec extends Prompt {
  text: (args: Record<string, string>) => string;
}

export const PROMPTS: PromptSpec[] = [
  {
    name: 'morning_briefing',
    title: 'Morning briefing',
    description: "Today's departures and how full they are, the requests waiting, and trips departed but not completed",
    arguments: [{ name: 'date', description: 'the day to brief on: today (default), tomorrow or YYYY-MM-DD', required: false }],
    text: ({ date }) =>
      [
        `Give me the morning briefing for ${date || 'today'}, in three short parts:`,
        `1. Departures: trips_list with date "${date || 'today'}". For each trip: route, departure, vehicle, approved seats and requested seats apart (never added together), and seats left.`,
        '2. Requests waiting: bookings_list with status "requested" (its total says how many); name the trips they are for.',
        '3. Trips departed but not completed: dashboard (trips.departedNotCompleted); if any, trips_list with status "published" and a toDate of yesterday lists them.',
        'Money and times as the answers give them; do not change anything.',
      ].join('\n'),
  },
  {
    name: 'cancel_trip_and_tell_passengers',
    title: 'Cancel a trip and tell its passengers',
    description: 'Cancel one trip (the person confirms, seeing who is affected) and draft a message to each passenger',
    arguments: [
      { name: 'trip', description: "the trip: its id, or how people name it ('the 14:00 Damascus to Homs today')", required: true },
      { name: 'reason', description: 'why it is cancelled, for the passengers', required: false },
    ],
    text: ({ trip, reason }) =>
      [
        `Cancel this trip: ${trip}.`,
        'If it is not an id, find it with trips_list (date, from, to); if more than one trip fits, ask me which.',
        'Then call trips_cancel with its tripId: I am shown the passengers it affects before I confirm. Its answer lists them (affected).',
        `Then draft one short message per affected passenger, in Arabic and in English: their name, the route and departure, their seats, that the trip is cancelled${reason ? ` (${reason})` : ''} and their booking with it. Give each with the passenger's phone; tripctl sends no messages.`,
      ].join('\n'),
  },
];

export function promptResult(spec: PromptSpec, args: Record<string, string>): GetPromptResult {
  return { description: spec.description, messages: [{ role: 'user', content: { type: 'text', text: spec.text(args) } }] };
}
