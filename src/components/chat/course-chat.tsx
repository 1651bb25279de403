"use client";

import { useEffect, useMemo } from "react";

import { CourseNotFound } from "~/components/course/course-not-found";
import type { VideoPlayerKind } from "~/components/course/video/video-player";
import { CenteredSpinner } from "~/components/ui/spinner";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import { api } from "~/trpc/react";

import { toUIMessage } from "./chat-messages";
import { ChatView } from "./chat-view";

/** The course chat page: loads the course and the learner's conversation, then chats. */
type CourseChatProps = { courseId: number; videoPlayer: VideoPlayerKind; atSeconds?: number | null };

export function CourseChat({ courseId, videoPlayer, atSeconds = null }: CourseChatProps) {
  const course = api.course.byId.useQuery({ id: courseId });
  // Always fresh: the conversation goes on in useChat, so a cached copy would be stale on return.
  const history = api.chat.history.useQuery({ id: courseId }, { enabled: course.isSuccess, gcTime: 0, refetchOnWindowFocus: false, retry: 1 });

  const courseError = course.error;
  useEffect(() => {
    if (courseError && courseError.data?.code !== "NOT_FOUND")
      toast({ variant: "destructive", title: "Error loading course", description: failureText(courseError) });
  }, [courseError]);
  const historyError = history.error;
  useEffect(() => {
    if (historyError) toast({ variant: "destructive", title: "Error loading chat history", description: failureText(historyError) });
  }, [historyError]);

  const initialMessages = useMemo(() => history.data?.map(toUIMessage), [history.data]);

  if (course.isError) return <CourseNotFound />;
  if (course.isPending || (history.isPending && !history.isError)) return <CenteredSpinner label="Loading chat" />;
  // History that cannot be read: the chat still opens, empty, and the toast says why.
  return <ChatView key={courseId} detail={course.data} initialMessages={initialMessages ?? []} initialAtSeconds={atSeconds} videoPlayer={videoPlayer} />;
}
