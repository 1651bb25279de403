"use client";

import { Button } from "~/components/ui/button";
import { Lock } from "~/components/ui/icons/lock";
import { Share2 } from "~/components/ui/icons/share-2";
import { toast } from "~/hooks/use-toast";
import { failureText } from "~/lib/failure-text";
import { api } from "~/trpc/react";

type CourseSharingProps = { courseId: number; isPublic: boolean; isOwner: boolean };

/**
 * Who sees the course: its creator switches it between private (only them) and public (any
 * signed-in learner, each with their own progress, quizzes and chat) and copies its link.
 */
export function CourseSharing({ courseId, isPublic, isOwner }: CourseSharingProps) {
  const utils = api.useUtils();
  const sharing = api.course.setSharing.useMutation({
    onSuccess({ isPublic: nowPublic }) {
      utils.course.byId.setData({ id: courseId }, (detail) => (detail ? { ...detail, course: { ...detail.course, isPublic: nowPublic } } : detail));
      toast({
        title: nowPublic ? "Course is now public" : "Course is now private",
        description: nowPublic ? "Anyone signed in can open it with its link." : "Only you can open it.",
      });
    },
    onError: (error) => toast({ variant: "destructive", title: "Could not change sharing", description: failureText(error) }),
  });

  if (!isOwner) {
    return <span className="text-xs font-medium text-muted-foreground">Shared course</span>;
  }

  async function copyLink() {
    const link = `${window.location.origin}/course/${courseId}`;
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: "Link copied", description: link });
    } catch {
      toast({ variant: "destructive", title: "Couldn't copy the link", description: link });
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="course-sharing">
      <Button
        variant="outline"
        size="sm"
        aria-pressed={isPublic}
        disabled={sharing.isPending}
        onClick={() => sharing.mutate({ id: courseId, isPublic: !isPublic })}
        title={isPublic ? "Anyone signed in can open this course. Click to make it private." : "Only you can open this course. Click to share it."}
      >
        {isPublic ? <Share2 /> : <Lock />}
        {isPublic ? "Public" : "Private"}
      </Button>
      {isPublic ? (
        <Button variant="ghost" size="sm" onClick={() => void copyLink()}>
          Copy link
        </Button>
      ) : null}
    </div>
  );
}
