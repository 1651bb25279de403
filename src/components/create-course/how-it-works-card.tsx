import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

const STEPS = [
  { title: "Choose Your Topic", description: "Tell us what you want to learn and our AI finds an educational video on it." },
  { title: "AI Course Generation", description: "The AI analyzes the video and builds a course of chapters and sections." },
  { title: "Learn & Chat", description: "Follow the course at your own pace, test yourself with quizzes and chat with an AI assistant about the content." },
] as const;

/** The create-course page's three-step explainer (the home page's steps, in a compact card). */
export function HowItWorksCard() {
  return (
    <section aria-labelledby="create-how-it-works-title">
      <Card>
        <CardHeader>
          <CardTitle as="h2" id="create-how-it-works-title">
            How It Works
          </CardTitle>
          <CardDescription>From a topic to a course in three steps.</CardDescription>
        </CardHeader>
        <CardContent>
          <ol className="grid gap-4">
            {STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-medium">
                    <span className="sr-only">{index + 1}. </span>
                    {step.title}
                  </h3>
                  <p className="text-sm text-muted-foreground">{step.description}</p>
                </div>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </section>
  );
}
