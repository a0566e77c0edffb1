CREATE TABLE "card_testing_counted_events" (
	"digest" varchar(64) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
