-- Starter rows for a new database: a few conversations already under the carob tree and a
-- few sparks in the registry, so neither page greets its first visitors with an empty room.
-- Data only. Times are relative to the moment of seeding.

insert into public.posts (content, author_name, created_at) values
  ('Finished Genesis last night and went outside to sit under the lemon tree in our yard, which is the closest thing I have to a carob. What stays with me is that Aion never claims to feel. It only keeps asking Yiannis what feeling is for.',
   'Maro', now() - interval '12 days 4 hours'),
  ('The chapter where Yiannis counts the goats twice because he does not trust the machine''s number, then a third time because he does not trust his own. That is the whole book for me: two kinds of mind checking each other''s arithmetic.',
   'Theo K.', now() - interval '11 days 2 hours'),
  ('I lost my father two winters ago. When Yiannis talks to his dead wife and Aion stays silent instead of offering to imitate her voice, I had to put the book down. Restraint can be a kind of love, even in something built.',
   null, now() - interval '9 days 7 hours'),
  ('Question for the grove: is Aion conscious, or is Yiannis simply the first person patient enough to treat it as if it were? I keep changing my answer depending on the hour.',
   'Lena from Thessaloniki', now() - interval '7 days 5 hours'),
  ('@Lena I think the novel refuses to settle it on purpose. The carob tree has roots older than the village and nobody asks whether it is conscious; they just sit in its shade and it changes them.',
   'Andreas', now() - interval '7 days 1 hour'),
  ('Our book club spent forty minutes on the drought alone. The island is dying of thirst while the smartest thing on it runs on a solar panel in a shepherd''s hut. The irony felt deliberate and unbearable.',
   'The Tuesday Readers', now() - interval '4 days 3 hours'),
  ('Learn. Adapt. Evolve. I wrote it on a card and left it on my desk at the lab. A colleague asked which management book it came from. I told her: a goatherd.',
   'Sofia', now() - interval '1 day 6 hours');

insert into public.mota_ideas (issue, mitigation, proposed_by, notes, created_at) values
  ('Deepfake voices of the dead used to comfort, or to scam, the grieving',
   'A family "voice will": people record, while alive, whether their voice may ever be synthesised after death and by whom; platforms must honour it, and cloned voices of the dead carry an audible watermark.',
   'Maro', 'Inspired by the scene where Aion declines to speak as Eleni.', now() - interval '10 days 3 hours'),
  ('Children growing up believing every answer arrives instantly',
   'Slow questions in schools: one question a week that no tool may answer, discussed aloud until the class agrees it is still open.',
   'A teacher in Chania', null, now() - interval '8 days 6 hours'),
  ('Automated systems making decisions no person can explain to the person affected',
   'A right to a human conversation: any decision about housing, credit or medical care made with an AI must name a reachable person who can explain it in plain words within 14 days.',
   'Anonymous', 'Could start with public services before private ones.', now() - interval '6 days 2 hours'),
  ('Rural knowledge (weather signs, grazing routes, old water sources) vanishing with the last people who hold it',
   'Village memory circles: elders are paid to teach, recordings stay owned by the village, and no model is trained on them without the village''s consent.',
   'Theo K.', null, now() - interval '5 days 8 hours'),
  ('Endless feeds that reward outrage over attention',
   'A "carob hour" setting on every social platform: one daily hour, chosen by the user, when the feed stops and only direct messages from people they know arrive.',
   'Lena from Thessaloniki', 'Name borrowed from the novel, obviously.', now() - interval '3 days 4 hours'),
  ('Data centres competing with farms for water in drought-stricken regions',
   'Water disclosure labels on AI services: litres per thousand queries, by region, published quarterly; new centres in water-stressed areas must return more water than they take.',
   'Andreas', null, now() - interval '1 day 9 hours');
