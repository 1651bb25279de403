-- The concepts a model named for each section, kept so a course's concepts can be found again (the backfill) without the model.
ALTER TABLE "Section" ADD COLUMN "modelConcepts" JSONB;
