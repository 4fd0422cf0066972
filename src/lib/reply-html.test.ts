import { isSafeReplyHtml, replyText, webAddress } from './reply-html';

describe('a reply’s stored HTML, checked again before the page shows it', () => {
  it('takes what the server’s sanitiser writes', () => {
    expect(isSafeReplyHtml('<p>Ótimo texto! <a href="https://social.example/@bob" rel="nofollow noopener noreferrer ugc">@bob</a></p>')).toBe(true);
    expect(isSafeReplyHtml('<p>a<br>b</p><blockquote><p><em>c</em> &#x26; <strong>d</strong></p></blockquote><ul><li>e</li></ul>')).toBe(true);
    expect(isSafeReplyHtml('<p><a rel="nofollow noopener noreferrer ugc">x</a></p>')).toBe(true);
  });

  it('refuses anything else: scripts, handlers, styles, other schemes, images', () => {
    for (const html of [
      '<p>x</p><script>alert(1)</script>',
      '<p onclick="alert(1)">x</p>',
      '<a href="javascript:alert(1)">x</a>',
      '<a href="https://x.example" onmouseover="alert(1)">x</a>',
      '<img src=x onerror=alert(1)>',
      '<p style="color:red">x</p>',
      '<svg><script>alert(1)</script></svg>',
      '<p>x<iframe src="https://x.example">',
      '<a href="https://x.example/"onclick="alert(1)">x</a>',
      'x <scr',
    ]) expect(isSafeReplyHtml(html), html).toBe(false);
  });

  it('gives the words of a refused one as text, entities decoded', () => {
    expect(replyText('<p>Olá &amp; até<br>logo</p><script>x</script>')).toBe('Olá & até\nlogo\nx');
    expect(replyText('&#x3C;b&#x3E; &#60;')).toBe('<b> <');
  });

  it('keeps only http(s) addresses', () => {
    expect(webAddress('https://social.example/@bob')).toBe('https://social.example/@bob');
    expect(webAddress('javascript:alert(1)')).toBeUndefined();
    expect(webAddress('data:text/html,x')).toBeUndefined();
    expect(webAddress('not a url')).toBeUndefined();
    expect(webAddress(null)).toBeUndefined();
  });
});
