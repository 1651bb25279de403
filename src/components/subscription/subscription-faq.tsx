import { FREE_MONTHLY_COURSES } from "./plan";

const QUESTIONS = [
  {
    question: "What happens if I cancel Premium?",
    answer: `Cancel any time with Manage billing, in Stripe's customer portal. You keep Premium until the end of the period you have already paid for; then your account returns to the free plan (${FREE_MONTHLY_COURSES} course per month).`,
  },
  {
    question: "How does the monthly course limit work?",
    answer: `The free plan includes ${FREE_MONTHLY_COURSES} new course per calendar month, counted in UTC. The count resets on the 1st of each month at 00:00 UTC. Premium has no limit.`,
  },
  {
    question: "How do coupons work?",
    answer:
      "A coupon gives Premium for its number of months (30 days each), starting when you redeem it. If you already have Premium from a coupon, the new months are added after it ends. Each code can be redeemed once per account.",
  },
  {
    question: "Who handles my payment?",
    answer: "Payments are processed by Stripe. You enter your card on Stripe's own checkout page, so your card details never touch our servers.",
  },
  {
    question: "What happens to my courses if I return to the free plan?",
    answer: "They stay in your account and you can keep studying them, chat tutor and quizzes included. Only creating new courses is limited.",
  },
] as const;

export function SubscriptionFaq() {
  return (
    <section aria-labelledby="subscription-faq-title" className="grid gap-4">
      <h2 id="subscription-faq-title" className="text-xl font-semibold tracking-tight">
        Frequently Asked Questions
      </h2>
      <div className="grid gap-5">
        {QUESTIONS.map(({ question, answer }) => (
          <div key={question}>
            <h3 className="font-medium">{question}</h3>
            <p className="mt-1 text-sm text-muted-foreground">{answer}</p>
          </div>
        ))}
      </div>
    </section>
  );
}
