-- Questions asked of each attendee on the public event page (docs/product/events.md#public-page), in the
-- campaign question shape: [{ id, content, answer_type, options, response_required }]. The answers
-- live on each ticket (event_tickets.answers) with the question as it read.
ALTER TABLE "events" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;
