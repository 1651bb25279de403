// Placeholder: the push handlers (issue 45, web push) replace this file. sw.js imports it.
