-- A split copies one section's completions and a merge joins two sections' (services/editing):
-- without this index each read every completion of the site.
CREATE INDEX "SectionCompletion_sectionId_idx" ON "SectionCompletion"("sectionId");
