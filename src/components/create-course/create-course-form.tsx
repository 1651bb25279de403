"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from "react";

import { fieldErrors } from "~/components/auth/field-errors";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Sparkles } from "~/components/ui/icons/sparkles";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/textarea";
import { useSessionUser } from "~/hooks/use-session";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import { COURSE_LANGUAGES, DEFAULT_COURSE_LANGUAGE, isCourseLanguage, preferredCourseLanguage } from "~/lib/languages";
import { api } from "~/trpc/react";

import { type CourseDraft, isJobFinished, loadDraft, markJobFinished, saveDraft } from "./generation-draft";
import { GENERATION_FAILED_FALLBACK, GENERATION_FAILED_TITLE, generationFailureMessage, isMonthlyLimitError, isTopicError } from "./generation-failure";
import { GenerationLoader } from "./generation-loader";
import { engineNote, isJobActive } from "./generation-stage";
import { JOB_PARAM, jobIdFromParam, urlWithJob } from "./job-url";
import { COMPLEXITIES, DEFAULT_COMPLEXITY, isComplexity, requestedTopic, validateTopic } from "./topic";
import { MONTHLY_LIMIT_MESSAGE, MONTHLY_LIMIT_TITLE } from "~/lib/rules/subscription";
import { INSTRUCTIONS_MAX_LENGTH, TOPIC_MAX_LENGTH } from "~/lib/rules/generation";

/** How often a running job is polled (the app's queries never poll on their own). */
const POLL_MS = 1000;

const COMPLEXITY_LABELS = { beginner: "Beginner", intermediate: "Intermediate", advanced: "Advanced" } as const;

function onLanguageChange(notify: () => void) {
  window.addEventListener("languagechange", notify);
  return () => window.removeEventListener("languagechange", notify);
}

const browserCourseLanguage = () => preferredCourseLanguage(navigator.languages);

function failureToast(message: string | null | undefined) {
  toast({ variant: "destructive", title: GENERATION_FAILED_TITLE, description: generationFailureMessage(message) });
}

/**
 * The create-course form and the generation it starts: the start call queues a job, whose id goes
 * into the URL (?job=) so that a reload resumes the loader; the job is polled until it succeeds
 * (toast, then the course) or fails (toast, and the form stays filled for a retry).
 */
export function CreateCourseForm() {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const { user } = useSessionUser();
  const utils = api.useUtils();
  const limit = api.generation.courseLimit.useQuery();

  // The job in the URL is followed, unless this tab handled it already (say, the course page's
  // back button). Decided when it appears, not on every render: handling it must not unfollow it.
  const urlJobId = jobIdFromParam(searchParams.get(JOB_PARAM));
  const followable = (id: string | null) => (id && !isJobFinished(id) ? id : null);
  const [resumedJobId, setResumedJobId] = useState(() => followable(urlJobId));
  const [lastUrlJobId, setLastUrlJobId] = useState(urlJobId);
  if (urlJobId !== lastUrlJobId) {
    setLastUrlJobId(urlJobId);
    setResumedJobId(followable(urlJobId));
  }
  const [startedJobId, setStartedJobId] = useState<string | null>(null);
  const jobId = startedJobId ?? resumedJobId;

  const requested = requestedTopic(searchParams.get("topic"));
  const [draft, setDraft] = useState<CourseDraft>(
    () => (resumedJobId ? loadDraft(resumedJobId) : null) ?? { topic: requested, complexity: DEFAULT_COMPLEXITY, additionalInstructions: "", language: null },
  );
  // The server renders English (it cannot know the browser's language); the learner's pick wins.
  const browserLanguage = useSyncExternalStore(onLanguageChange, browserCourseLanguage, () => DEFAULT_COURSE_LANGUAGE);
  const language = draft.language ?? browserLanguage;
  const [topicError, setTopicError] = useState<string | null>(null);
  const topicInput = useRef<HTMLInputElement>(null);

  // A new search from the header while on this page fills the topic in.
  const [lastRequested, setLastRequested] = useState(requested);
  if (requested !== lastRequested) {
    setLastRequested(requested);
    if (requested) {
      setDraft((current) => ({ ...current, topic: requested }));
      setTopicError(null);
    }
  }

  const job = api.generation.job.useQuery(
    { jobId: jobId ?? "" },
    {
      enabled: jobId !== null,
      staleTime: 0,
      refetchInterval: (query) => {
        const data = query.state.data;
        if (data) return isJobActive(data.status) ? POLL_MS : false;
        return query.state.status === "error" ? false : POLL_MS;
      },
    },
  );

  function limitReached() {
    toast({ variant: "destructive", title: MONTHLY_LIMIT_TITLE, description: MONTHLY_LIMIT_MESSAGE });
    router.push("/subscription");
  }

  const start = api.generation.start.useMutation({
    onSuccess(started, input) {
      saveDraft(started.id, {
        topic: input.topic,
        complexity: input.complexity ?? DEFAULT_COMPLEXITY,
        additionalInstructions: input.additionalInstructions ?? "",
        language: input.language && isCourseLanguage(input.language) ? input.language : null,
      });
      utils.generation.job.setData({ jobId: started.id }, started);
      setStartedJobId(started.id);
      router.replace(urlWithJob(pathname, window.location.search, started.id), { scroll: false });
      // The course is now counted against the month (and given back if the job fails).
      void utils.generation.courseLimit.invalidate();
    },
    onError(error) {
      if (isMonthlyLimitError(error)) {
        void utils.generation.courseLimit.invalidate();
        limitReached();
        return;
      }
      if (error.data?.code === "UNAUTHORIZED") {
        toast({ variant: "destructive", title: "You must be logged in to create a course" });
        return;
      }
      if (isTopicError(error)) {
        setTopicError(fieldErrors(error, ["topic"]).topic ?? failureText(error));
        topicInput.current?.focus();
      }
      failureToast(failureText(error, GENERATION_FAILED_FALLBACK));
    },
  });

  // A finished job is acted on once: the course on success, a toast and the filled form on failure.
  const handled = useRef(new Set<string>());
  const jobData = job.data;
  const jobError = job.error;
  useEffect(() => {
    if (!jobId || handled.current.has(jobId)) return;
    if (jobData && jobData.id === jobId && !isJobActive(jobData.status)) {
      handled.current.add(jobId);
      markJobFinished(jobId);
      void utils.generation.courseLimit.invalidate();
      if (jobData.status === "succeeded" && jobData.courseId !== null) {
        void utils.course.invalidate();
        toast({ title: "Course generated successfully!", description: [engineNote(jobData.engine), ...jobData.notices].filter(Boolean).join(" ") });
        router.push(`/course/${jobData.courseId}`);
      } else {
        failureToast(jobData.error);
        router.replace(urlWithJob(pathname, window.location.search, null), { scroll: false });
      }
    } else if (!jobData && jobError) {
      // The job cannot be read (not yours, gone, or the session ended): say so and start over.
      handled.current.add(jobId);
      markJobFinished(jobId);
      failureToast(failureText(jobError, GENERATION_FAILED_FALLBACK));
      router.replace(urlWithJob(pathname, window.location.search, null), { scroll: false });
    }
  }, [jobId, jobData, jobError, pathname, router, utils]);

  // A job in the URL that this page is not following (handled before in this tab): drop it.
  useEffect(() => {
    if (urlJobId && urlJobId !== jobId) router.replace(urlWithJob(pathname, window.location.search, null), { scroll: false });
  }, [urlJobId, jobId, pathname, router]);

  const jobInProgress = jobId !== null && (jobData ? jobData.id === jobId && jobData.status !== "failed" : !jobError);
  const busy = start.isPending || jobInProgress;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const invalid = validateTopic(draft.topic);
    if (invalid) {
      setTopicError(invalid);
      topicInput.current?.focus();
      return;
    }
    setTopicError(null);
    if (!user) {
      toast({ variant: "destructive", title: "You must be logged in to create a course" });
      return;
    }
    if (limit.data && !limit.data.canCreateCourse) {
      limitReached();
      return;
    }
    start.mutate({ topic: draft.topic.trim(), complexity: draft.complexity, additionalInstructions: draft.additionalInstructions.trim() || null, language });
  }

  const errorId = "course-topic-error";
  return (
    <>
      <Card>
        <CardContent className="pt-6">
          <form onSubmit={onSubmit} noValidate aria-label="Create course" className="grid gap-6" inert={busy}>
            <div className="grid gap-2">
              <Label htmlFor="course-topic">Topic</Label>
              <Input
                ref={topicInput}
                id="course-topic"
                name="topic"
                value={draft.topic}
                onChange={(event) => {
                  const topic = event.target.value;
                  setDraft((current) => ({ ...current, topic }));
                  if (topicError) setTopicError(null);
                }}
                placeholder="e.g. Binary search, or paste a YouTube link"
                maxLength={TOPIC_MAX_LENGTH}
                autoComplete="off"
                aria-required="true"
                aria-invalid={topicError ? true : undefined}
                aria-describedby={topicError ? `${errorId} course-topic-hint` : "course-topic-hint"}
              />
              <p id="course-topic-hint" className="text-sm text-muted-foreground">
                What do you want to learn? Type a topic, or paste a youtube.com or youtu.be link to build the course from that video (or from a playlist of up
                to 25 videos).
              </p>
              {topicError ? (
                <p id={errorId} className="text-sm font-medium text-destructive dark:text-red-300">
                  {topicError}
                </p>
              ) : null}
            </div>

            <fieldset className="grid gap-3">
              <legend className="mb-3 text-sm leading-none font-medium">Complexity</legend>
              <div className="grid gap-2 sm:grid-cols-3">
                {COMPLEXITIES.map((level) => (
                  <label
                    key={level}
                    className="flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                  >
                    <input
                      type="radio"
                      name="complexity"
                      value={level}
                      checked={draft.complexity === level}
                      onChange={(event) => {
                        const complexity = event.target.value;
                        if (isComplexity(complexity)) setDraft((current) => ({ ...current, complexity }));
                      }}
                      className="size-4 accent-primary"
                    />
                    {COMPLEXITY_LABELS[level]}
                  </label>
                ))}
              </div>
            </fieldset>

            <div className="grid gap-2">
              <Label htmlFor="course-language">Course language</Label>
              <Select
                id="course-language"
                name="language"
                value={language}
                onChange={(event) => {
                  const picked = event.target.value;
                  if (isCourseLanguage(picked)) setDraft((current) => ({ ...current, language: picked }));
                }}
                aria-describedby="course-language-hint"
                className="sm:w-64"
              >
                {COURSE_LANGUAGES.map((option) => (
                  <option key={option.code} value={option.code} lang={option.code}>
                    {option.label === option.name ? option.name : `${option.label} (${option.name})`}
                  </option>
                ))}
              </Select>
              <p id="course-language-hint" className="text-sm text-muted-foreground">
                Titles, lessons, quizzes and the tutor use this language. A video in another language is used through its translated captions when it has them.
              </p>
            </div>

            <div className="grid gap-2">
              <Label htmlFor="course-instructions">Additional Instructions (optional)</Label>
              <Textarea
                id="course-instructions"
                name="additionalInstructions"
                value={draft.additionalInstructions}
                onChange={(event) => {
                  const additionalInstructions = event.target.value;
                  setDraft((current) => ({ ...current, additionalInstructions }));
                }}
                rows={4}
                maxLength={INSTRUCTIONS_MAX_LENGTH}
                placeholder="e.g. Focus on practical examples in Python"
                className="min-h-24"
              />
            </div>

            <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto sm:justify-self-start">
              {busy ? <Spinner tone="current" /> : <Sparkles aria-hidden="true" />}
              Generate
            </Button>
          </form>
        </CardContent>
      </Card>
      {busy ? (
        <GenerationLoader
          stage={jobData?.id === jobId ? jobData?.stage : undefined}
          progress={jobData?.id === jobId ? jobData?.progress : undefined}
          detail={jobData?.id === jobId ? jobData?.stageDetail : undefined}
        />
      ) : null}
    </>
  );
}
