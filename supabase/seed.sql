-- seed: demo content so a new site looks real on first start.
-- runs once on a new database (the local backend after its migrations; the
-- supabase cli on `supabase db reset`). not for production: a hosted project
-- gets its real texts through the admin panel.
--
-- contents: every site setting filled in both languages; six published posts
-- per language covering every category of that language, plus one draft each.
-- each post has a fixed id and the origin ('demo', '<language>-<n>'): the same
-- post on every install, which a restore recognises and "Remover conteúdo de
-- exemplo" removes (issue 41).
-- posts are dated relative to now() so the blog always looks current. image_url
-- is left null (the site shows its placeholder; no image depends on the network).

-- ---------------------------------------------------------------------------
-- site settings (the keys themselves come from the migrations)
-- ---------------------------------------------------------------------------

insert into public.site_settings (key, language, value)
values
  -- portuguese
  ('hero_title', 'pt', 'Comunicação que constrói reputação'),
  ('hero_subtitle', 'pt', 'Jornalista & Profissional de RP'),
  ('hero_description', 'pt', '31 anos de experiência em redações, assessoria de imprensa e gestão de crise, ajudando empresas, instituições e pessoas a contar suas histórias com clareza, credibilidade e estratégia.'),
  ('nav_home', 'pt', 'Início'),
  ('nav_about', 'pt', 'Sobre'),
  ('nav_blog', 'pt', 'Blog'),
  ('nav_contact', 'pt', 'Contato'),
  ('about_title', 'pt', 'Sobre mim'),
  ('about_subtitle', 'pt', 'Do fechamento da edição à sala de crise'),
  ('about_description_1', 'pt', 'Comecei no jornalismo diário, cobrindo cidade, economia e política, numa época em que a pauta chegava por telefone e o texto descia para a gráfica às onze da noite. Foram anos de redação que me ensinaram a apurar, a checar e a respeitar o leitor — e a entender, por dentro, como um jornalista decide o que vira notícia.'),
  ('about_description_2', 'pt', 'Há mais de duas décadas levo essa experiência para o outro lado do balcão: planejamento de comunicação, assessoria de imprensa, media training e gestão de crise para empresas, entidades e porta-vozes. Trabalho com transparência, método e relacionamento de longo prazo com a imprensa, porque reputação não se improvisa.'),
  ('blog_section_title', 'pt', 'Últimos Insights'),
  ('footer_description', 'pt', 'Jornalismo, relações públicas e comunicação estratégica, com 31 anos de estrada.'),
  ('footer_copyright', 'pt', '© 2026 · Todos os direitos reservados.'),
  -- english
  ('hero_title', 'en', 'Communication that builds reputation'),
  ('hero_subtitle', 'en', 'Journalist & PR Professional'),
  ('hero_description', 'en', '31 years of experience in newsrooms, press relations and crisis management, helping companies, institutions and people tell their stories with clarity, credibility and strategy.'),
  ('nav_home', 'en', 'Home'),
  ('nav_about', 'en', 'About'),
  ('nav_blog', 'en', 'Blog'),
  ('nav_contact', 'en', 'Contact'),
  ('about_title', 'en', 'About me'),
  ('about_subtitle', 'en', 'From the newsroom deadline to the crisis room'),
  ('about_description_1', 'en', 'I started out in daily journalism in Brazil, covering city news, the economy and politics, back when story tips arrived by phone and the paper went to press at eleven at night. Those newsroom years taught me to report, to verify and to respect the reader — and showed me from the inside how a journalist decides what becomes news.'),
  ('about_description_2', 'en', 'For more than two decades I have taken that experience to the other side of the desk: communication planning, press relations, media training and crisis management for companies, associations and spokespeople. I work with transparency, method and long-term relationships with the press, because reputation cannot be improvised.'),
  ('blog_section_title', 'en', 'Latest Insights'),
  ('footer_description', 'en', 'Journalism, public relations and strategic communication, built on 31 years of experience.'),
  ('footer_copyright', 'en', '© 2026 · All rights reserved.'),
  -- author name: DEMO ONLY, a made-up name; replace it in the admin panel.
  ('author_name', 'pt', 'Helena Duarte'),
  ('author_name', 'en', 'Helena Duarte'),
  -- contact links: DEMO TARGETS ONLY (placeholder number, profiles and site).
  -- replace them in the admin panel before going live.
  ('contact_whatsapp_url', 'pt', 'https://wa.me/5500000000000'),
  ('contact_linkedin_url', 'pt', 'https://www.linkedin.com/in/demo-jornalista-rp'),
  ('contact_linkedin_company_url', 'pt', 'https://www.linkedin.com/company/demo-comunicacao'),
  ('contact_instagram_url', 'pt', 'https://www.instagram.com/demo.comunicacao'),
  ('contact_website_url', 'pt', 'https://example.com'),
  ('contact_youtube_url', 'pt', 'https://www.youtube.com/@demo-comunicacao'),
  ('contact_whatsapp_url', 'en', 'https://wa.me/5500000000000'),
  ('contact_linkedin_url', 'en', 'https://www.linkedin.com/in/demo-jornalista-rp'),
  ('contact_linkedin_company_url', 'en', 'https://www.linkedin.com/company/demo-comunicacao'),
  ('contact_instagram_url', 'en', 'https://www.instagram.com/demo.comunicacao'),
  ('contact_website_url', 'en', 'https://example.com'),
  ('contact_youtube_url', 'en', 'https://www.youtube.com/@demo-comunicacao')
on conflict (key, language) do update set value = excluded.value;

-- ---------------------------------------------------------------------------
-- posts, portuguese
-- ---------------------------------------------------------------------------

insert into public.blog_posts (id, origin_source, origin_id, language, category, title, excerpt, read_time, published, date, created_at, content)
values
(
  'de300000-0000-4000-8000-000000000101', 'demo', 'pt-1',
  'pt', 'Relações com Mídia',
  'O que um jornalista realmente quer receber da sua assessoria',
  'Depois de anos dos dois lados do balcão, aprendi que o bom release é aquele que poupa o tempo do repórter — e não o que elogia o cliente.',
  '6 min', true, now() - interval '6 days', now() - interval '6 days',
$$Passei boa parte da carreira recebendo releases e outra boa parte escrevendo. A lição mais valiosa dessa travessia é simples: o jornalista não está procurando elogios ao seu cliente, está procurando uma história que faça sentido para o leitor dele.

Na redação, a caixa de entrada recebe centenas de mensagens por dia. O repórter lê o assunto, às vezes o primeiro parágrafo, e decide em segundos. Se a informação principal estiver escondida no quarto parágrafo, depois de três adjetivos sobre a "solução inovadora", ela simplesmente não existe.

Por isso, antes de disparar qualquer material, faço três perguntas. Isso é notícia para quem? Por que agora? Qual dado, personagem ou fato concreto sustenta a pauta? Se não consigo responder às três em duas linhas, o material ainda não está pronto.

Outro ponto que faz diferença é conhecer o veículo e o profissional. Mandar uma pauta de tecnologia para a editoria de esportes não é só inútil: mostra que você não leu o trabalho daquela pessoa. Relacionamento com a imprensa se constrói com respeito ao tempo e à linha editorial de cada um.

Por fim, disponibilidade. Uma boa pauta morre quando o porta-voz não atende no horário de fechamento. Assessoria é, antes de tudo, um compromisso de estar presente quando a notícia acontece.$$
),
(
  'de300000-0000-4000-8000-000000000102', 'demo', 'pt-2',
  'pt', 'Relações com Mídia',
  'Media training não é decorar respostas',
  'Porta-vozes bem preparados não repetem frases prontas: eles sabem o que precisam dizer e por que aquilo importa para o público.',
  '5 min', true, now() - interval '27 days', now() - interval '27 days',
$$Muita gente chega ao media training esperando receber uma lista de respostas para decorar. É compreensível: entrevista dá frio na barriga. Mas o porta-voz que recita frases prontas costuma soar exatamente assim, ensaiado, e o público percebe.

O objetivo do treinamento é outro. Queremos que o entrevistado saiba quais são as duas ou três mensagens essenciais, entenda por que elas importam para quem vai ler, ouvir ou assistir, e consiga voltar a elas com naturalidade, mesmo quando a pergunta vai para outro lado.

Nas simulações, faço as perguntas que um bom repórter faria, inclusive as desconfortáveis. É ali, numa sala sem câmeras de verdade, que o porta-voz descobre que "não posso comentar" tem hora e lugar, e que dizer "não sei, vou verificar e retorno" é muito melhor do que improvisar um número.

Também trabalhamos o formato. Uma entrevista para rádio pede frases curtas e claras; para televisão, a resposta precisa caber em poucos segundos; para um jornal, há espaço para contexto e dados. O conteúdo é o mesmo, a forma muda.

Um porta-voz bem treinado não é aquele que nunca erra. É aquele que sabe o que quer comunicar, respeita o trabalho do jornalista e sai da entrevista com a reputação intacta — ou melhor.$$
),
(
  'de300000-0000-4000-8000-000000000103', 'demo', 'pt-3',
  'pt', 'Comunicação de Crise',
  'As primeiras horas de uma crise',
  'Quando o problema estoura, o silêncio também comunica. Um roteiro prático para as horas que definem como a história será contada.',
  '7 min', true, now() - interval '15 days', now() - interval '15 days',
$$Toda crise tem um momento em que a história ainda está sendo escrita. Nas primeiras horas, a imprensa, as redes sociais e os próprios funcionários estão tentando entender o que aconteceu. Quem ocupa esse espaço com informação correta ajuda a definir o enquadramento; quem se cala deixa que outros o façam.

O primeiro passo é reunir quem decide. Comitê de crise não é burocracia: é a garantia de que jurídico, operação, liderança e comunicação estão olhando para os mesmos fatos. Em muitas crises que acompanhei, o maior risco não veio de fora, mas de áreas internas dizendo coisas diferentes.

O segundo passo é separar o que se sabe do que se supõe. Uma primeira nota pode ser curta: reconhece o fato, mostra preocupação genuína com as pessoas afetadas, informa o que está sendo feito e promete atualizações. Não é preciso ter todas as respostas para se posicionar; é preciso não mentir.

O terceiro passo é definir um porta-voz e um canal. Jornalistas precisam saber a quem ligar. Informações contraditórias saindo de várias fontes alimentam a desconfiança e prolongam a cobertura.

Por último, registre tudo. Linha do tempo, versões das notas, perguntas recebidas. Quando a poeira baixar, esse material vai mostrar o que funcionou e o que precisa mudar no plano para a próxima vez — porque sempre haverá uma próxima vez.$$
),
(
  'de300000-0000-4000-8000-000000000104', 'demo', 'pt-4',
  'pt', 'Comunicação de Crise',
  'Pedir desculpas do jeito certo',
  'Um pedido de desculpas mal feito pode ser pior do que nenhum. O que separa o reconhecimento sincero da nota que só agrava a crise.',
  '4 min', true, now() - interval '52 days', now() - interval '52 days',
$$"Lamentamos se alguém se sentiu ofendido." Poucas frases conseguem piorar tanto uma crise. Ela transfere a responsabilidade para quem foi atingido e transmite exatamente o oposto do que pretende: indiferença.

Um pedido de desculpas eficaz tem três elementos. Primeiro, reconhece o erro de forma clara, sem condicionais. Segundo, mostra que a organização entende o impacto do que aconteceu na vida das pessoas. Terceiro, diz o que será feito para corrigir e evitar que se repita — com ações concretas, prazos e, quando possível, responsáveis.

O momento também importa. Desculpas que chegam tarde, depois de dias de negação, parecem arrancadas pela pressão e não pela consciência. Por outro lado, um pedido precipitado, antes de se entender o que houve, pode criar compromissos que a empresa não conseguirá cumprir.

E há a coerência. De nada adianta uma nota impecável se, no dia seguinte, o atendimento continua tratando mal os clientes afetados. A comunicação de crise começa no texto, mas se prova nas atitudes.

Reputação não é a ausência de erros. É a forma como se responde a eles.$$
),
(
  'de300000-0000-4000-8000-000000000105', 'demo', 'pt-5',
  'pt', 'Experiências Pessoais',
  '31 anos de estrada: o que a redação me ensinou',
  'Da máquina de escrever às redes sociais, as lições de três décadas de jornalismo e comunicação que continuam valendo.',
  '8 min', true, now() - interval '38 days', now() - interval '38 days',
$$Entrei numa redação pela primeira vez para um estágio, com um bloquinho na mão e a certeza de que sabia escrever. Na primeira semana, um editor devolveu meu texto com uma única anotação no alto da página: "E o leitor com isso?". Guardo aquela pergunta até hoje.

Naquele tempo, o fechamento era um ritual. O telefone tocava sem parar, as fotos chegavam em envelopes e qualquer erro ia para a banca impresso, sem chance de correção. A pressão ensinava a apurar duas vezes e a desconfiar da informação fácil demais.

Vi a chegada da internet, a transformação das redações, o fim de veículos que pareciam eternos e o nascimento de outros que hoje pautam o país. Vi também a comunicação corporativa amadurecer: de quem só "mandava release" para quem participa das decisões estratégicas das organizações.

Quando mudei para a assessoria, muita gente achou que eu estava "mudando de lado". Nunca enxerguei assim. O compromisso com a informação correta continua o mesmo; o que muda é que agora ajudo quem tem algo a dizer a dizê-lo de forma clara, honesta e útil para o público.

Se tivesse que resumir estes 31 anos em um conselho, seria aquele do meu primeiro editor: antes de qualquer texto, pergunte-se o que o leitor ganha com aquilo. Vale para reportagem, para release, para post em rede social e para discurso de presidente de empresa.$$
),
(
  'de300000-0000-4000-8000-000000000106', 'demo', 'pt-6',
  'pt', 'Outros',
  'Comunicação interna também é notícia',
  'Funcionários são o primeiro público de qualquer organização — e, muitas vezes, a primeira fonte da imprensa.',
  '5 min', true, now() - interval '74 days', now() - interval '74 days',
$$É comum que empresas dediquem meses a preparar um anúncio para a imprensa e deixem para avisar os funcionários por e-mail, no mesmo dia, minutos antes da publicação. O resultado é previsível: a equipe fica sabendo pelo jornal, se sente desprestigiada e a notícia ganha uma versão paralela nos corredores e nos grupos de mensagem.

Comunicação interna não é um informativo bonito com aniversariantes do mês. É a forma como a organização explica suas decisões para quem precisa executá-las. Quando as pessoas entendem o porquê, colaboram; quando não entendem, resistem ou especulam.

Na prática, isso significa planejar o público interno junto com o externo. Quem precisa saber antes? Quem vai receber perguntas de clientes e fornecedores? Os gestores estão preparados para conversar com as equipes?

Há ainda um ponto que costuma ser esquecido: em tempos de redes sociais, a fronteira entre interno e externo praticamente desapareceu. Um comunicado interno mal escrito pode virar manchete em poucas horas. Escreva sempre como se o texto fosse ser lido por um jornalista — porque pode ser.$$
),
(
  'de300000-0000-4000-8000-000000000107', 'demo', 'pt-7',
  'pt', 'Relações com Mídia',
  'Como montar um mailing de imprensa que funciona',
  'Rascunho: critérios para selecionar veículos e jornalistas, manter a lista atualizada e respeitar a LGPD.',
  '5 min', false, now() - interval '2 days', now() - interval '2 days',
$$Rascunho em andamento.

Tópicos: segmentar por editoria e não por veículo; revisar a lista a cada trimestre; registrar preferências de contato de cada jornalista; cuidados com dados pessoais e a LGPD; por que menos contatos bem escolhidos rendem mais do que milhares de e-mails disparados.$$
);

-- ---------------------------------------------------------------------------
-- posts, english
-- ---------------------------------------------------------------------------

insert into public.blog_posts (id, origin_source, origin_id, language, category, title, excerpt, read_time, published, date, created_at, content)
values
(
  'de300000-0000-4000-8000-000000000201', 'demo', 'en-1',
  'en', 'Media Relations',
  'What journalists actually want from your press office',
  'Having worked on both sides of the desk, I have learned that a good press release saves the reporter time instead of praising the client.',
  '6 min', true, now() - interval '8 days', now() - interval '8 days',
$$I spent a good part of my career receiving press releases and another good part writing them. The most useful lesson from that crossing is simple: journalists are not looking for compliments about your client. They are looking for a story that makes sense to their readers.

In a newsroom, the inbox collects hundreds of pitches a day. A reporter reads the subject line, sometimes the first paragraph, and decides in seconds. If the key fact is buried in the fourth paragraph, behind three adjectives about an "innovative solution", it simply does not exist.

Before sending anything, I ask three questions. Who is this news for? Why now? Which data, person or concrete fact supports the story? If I cannot answer all three in two lines, the material is not ready.

Knowing the outlet and the reporter matters just as much. Sending a technology pitch to the sports desk is not only useless; it shows you never read that person's work. Press relations are built on respect for each journalist's time and editorial line.

Finally, be available. A good story dies when the spokesperson does not pick up the phone on deadline. A press office is, above all, a commitment to be there when the news happens.$$
),
(
  'de300000-0000-4000-8000-000000000202', 'demo', 'en-2',
  'en', 'Media Relations',
  'Media training is not about memorising answers',
  'Well-prepared spokespeople do not recite lines: they know what they need to say and why it matters to the audience.',
  '5 min', true, now() - interval '33 days', now() - interval '33 days',
$$Many executives arrive at media training expecting a list of answers to memorise. That is understandable: interviews are nerve-racking. But a spokesperson who recites lines sounds exactly like that, rehearsed, and audiences notice.

The goal of training is different. We want the interviewee to know the two or three essential messages, to understand why they matter to whoever will read, hear or watch, and to return to them naturally even when the question goes elsewhere.

In the mock interviews I ask the questions a good reporter would ask, including the uncomfortable ones. That is where, in a room with no real cameras, spokespeople learn that "no comment" has its time and place, and that "I don't know, I will check and get back to you" beats an improvised number every time.

We also work on format. Radio needs short, clear sentences; television needs an answer that fits in a few seconds; a newspaper leaves room for context and data. The substance stays the same while the shape changes.

A well-trained spokesperson is not one who never makes mistakes. It is one who knows what they want to say, respects the journalist's job and leaves the interview with their reputation intact, or better.$$
),
(
  'de300000-0000-4000-8000-000000000203', 'demo', 'en-3',
  'en', 'Crisis Communication',
  'The first hours of a crisis',
  'When trouble breaks, silence communicates too. A practical guide to the hours that decide how the story will be told.',
  '7 min', true, now() - interval '19 days', now() - interval '19 days',
$$Every crisis has a moment when the story is still being written. In the first hours, the press, social media and your own employees are all trying to understand what happened. Whoever fills that space with accurate information helps set the frame; whoever stays silent lets others do it.

The first step is to bring the decision-makers together. A crisis committee is not bureaucracy: it makes sure that legal, operations, leadership and communication are looking at the same facts. In many crises I have worked on, the biggest risk came not from outside but from departments saying different things.

The second step is to separate what you know from what you assume. A first statement can be short: acknowledge what happened, show genuine concern for the people affected, explain what is being done and promise updates. You do not need every answer to speak up; you need to not lie.

The third step is to choose one spokesperson and one channel. Journalists need to know whom to call. Contradictory information coming from several sources feeds distrust and keeps the story alive for longer.

Finally, write everything down: the timeline, each version of the statement, every question received. When the dust settles, that record will show what worked and what the plan needs to change for next time, because there is always a next time.$$
),
(
  'de300000-0000-4000-8000-000000000204', 'demo', 'en-4',
  'en', 'Crisis Communication',
  'How to apologise properly',
  'A badly made apology can be worse than none. What separates a sincere acknowledgement from a statement that only deepens the crisis.',
  '4 min', true, now() - interval '58 days', now() - interval '58 days',
$$"We regret if anyone was offended." Few sentences can make a crisis worse so quickly. It shifts responsibility onto the people who were hurt and conveys exactly the opposite of what it intends: indifference.

An effective apology has three parts. First, it acknowledges the mistake clearly, without conditionals. Second, it shows that the organisation understands the impact on people's lives. Third, it says what will be done to fix it and to prevent it from happening again, with concrete actions, deadlines and, where possible, named owners.

Timing matters too. An apology that arrives late, after days of denial, looks forced by pressure rather than driven by conscience. On the other hand, a hasty apology, issued before anyone understands what happened, can create commitments the company will not be able to keep.

Then there is consistency. A flawless statement means nothing if, the next day, customer service keeps mistreating the people affected. Crisis communication starts with the text, but it is proven by actions.

Reputation is not the absence of mistakes. It is the way you respond to them.$$
),
(
  'de300000-0000-4000-8000-000000000205', 'demo', 'en-5',
  'en', 'Personal Experiences',
  '31 years on the road: what the newsroom taught me',
  'From typewriters to social media, lessons from three decades of journalism and communication that still hold true.',
  '8 min', true, now() - interval '45 days', now() - interval '45 days',
$$I walked into a newsroom for the first time as an intern, notebook in hand and convinced I knew how to write. In my first week an editor handed my story back with a single note at the top of the page: "So what does the reader get out of this?" I still carry that question with me.

Back then, closing the edition was a ritual. The phones never stopped, photos arrived in envelopes and any mistake went to the newsstand in print, with no chance to correct it. That pressure taught us to check everything twice and to distrust information that came too easily.

I watched the internet arrive, newsrooms transform, outlets that seemed eternal disappear and new ones emerge that now set the national agenda. I also watched corporate communication mature, from people who just "sent out releases" to people who take part in an organisation's strategic decisions.

When I moved into public relations, many colleagues said I was "switching sides". I never saw it that way. The commitment to accurate information is the same; what changed is that I now help those who have something to say to say it clearly, honestly and usefully for the public.

If I had to sum up these 31 years in one piece of advice, it would be my first editor's: before writing anything, ask what the reader gains from it. It applies to news stories, press releases, social media posts and a CEO's speech alike.$$
),
(
  'de300000-0000-4000-8000-000000000206', 'demo', 'en-6',
  'en', 'Others',
  'Internal communication is news too',
  'Employees are the first audience of any organisation, and often the first source for the press.',
  '5 min', true, now() - interval '81 days', now() - interval '81 days',
$$Companies often spend months preparing an announcement for the press and then tell their own employees by email, on the same day, minutes before publication. The result is predictable: staff learn the news from the paper, feel sidelined, and a parallel version of the story spreads through corridors and group chats.

Internal communication is not a pretty newsletter listing the month's birthdays. It is how an organisation explains its decisions to the people who have to carry them out. When people understand the why, they cooperate; when they do not, they resist or speculate.

In practice, that means planning the internal audience together with the external one. Who needs to know first? Who will get questions from customers and suppliers? Are managers ready to talk to their teams?

One more point is often forgotten: in the age of social media, the line between internal and external has all but disappeared. A badly written internal memo can become a headline within hours. Always write as if a journalist were going to read it, because one might.$$
),
(
  'de300000-0000-4000-8000-000000000207', 'demo', 'en-7',
  'en', 'Media Relations',
  'Building a press list that works',
  'Draft: how to choose outlets and reporters, keep the list current and respect data-protection rules.',
  '5 min', false, now() - interval '3 days', now() - interval '3 days',
$$Draft in progress.

Topics: segment by beat, not by outlet; review the list every quarter; record each journalist's contact preferences; handling personal data under data-protection law; why a few well-chosen contacts achieve more than thousands of mass emails.$$
);

-- ---------------------------------------------------------------------------
-- translations: each published post above and its version in the other
-- language (the drafts are left unlinked, as work in progress)
-- ---------------------------------------------------------------------------

-- fixed groups, as the posts' fixed ids: a backup of a site that started
-- from this content restores onto a fresh install without copies (issue 41).
with pairs (pt_id, en_id, translation_group) as (
  values
    ('de300000-0000-4000-8000-000000000101'::uuid, 'de300000-0000-4000-8000-000000000201'::uuid, 'de300000-0000-4000-8000-000000000301'::uuid),
    ('de300000-0000-4000-8000-000000000102', 'de300000-0000-4000-8000-000000000202', 'de300000-0000-4000-8000-000000000302'),
    ('de300000-0000-4000-8000-000000000103', 'de300000-0000-4000-8000-000000000203', 'de300000-0000-4000-8000-000000000303'),
    ('de300000-0000-4000-8000-000000000104', 'de300000-0000-4000-8000-000000000204', 'de300000-0000-4000-8000-000000000304'),
    ('de300000-0000-4000-8000-000000000105', 'de300000-0000-4000-8000-000000000205', 'de300000-0000-4000-8000-000000000305'),
    ('de300000-0000-4000-8000-000000000106', 'de300000-0000-4000-8000-000000000206', 'de300000-0000-4000-8000-000000000306')
)
update public.blog_posts as post
   set translation_group = pairs.translation_group
  from pairs
 where post.id in (pairs.pt_id, pairs.en_id);
