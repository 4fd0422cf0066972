export interface ShareCardText {
  title: string;
  /** The category of a post, the profession on a home card. */
  label: string;
  byline: string;
  siteName: string;
}

const INK = '#1c1917';
const PAPER = '#faf7f2';
const ACCENT = '#8c1d24';
const MUTED = '#57534e';

/**
 * The 1200×630 link-preview card, in the site's paper-and-ink look: the label
 * in the masthead red, the title large, the author and site at the foot.
 * Laid out by satori (flexbox, inline styles only), so it wraps and clamps
 * long titles instead of overflowing.
 */
export function ShareCard({ title, label, byline, siteName }: ShareCardText) {
  const size = title.length > 90 ? 54 : title.length > 50 ? 64 : 76;
  return (
    <div
      style={{
        // The whole canvas (satori's size option is 1200×630), padding and border inside it.
        boxSizing: 'border-box',
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        backgroundColor: PAPER,
        borderTop: `18px solid ${ACCENT}`,
        paddingTop: 64,
        paddingRight: 80,
        paddingBottom: 56,
        paddingLeft: 80,
        fontFamily: 'Source Serif 4',
        color: INK,
      }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', flexGrow: 1, width: '100%' }}>
        {label ? (
          <div style={{ fontSize: 28, fontWeight: 600, letterSpacing: 4, textTransform: 'uppercase', color: ACCENT }}>{label}</div>
        ) : null}
        <div
          style={{
            display: 'block',
            width: '100%',
            marginTop: 28,
            fontSize: size,
            fontWeight: 600,
            lineHeight: 1.12,
            lineClamp: 4,
            textOverflow: 'ellipsis',
          }}
        >
          {title}
        </div>
      </div>
      <div
        style={{
          display: 'flex',
          width: '100%',
          justifyContent: 'space-between',
          alignItems: 'flex-end',
          borderTop: '2px solid #d6d3d1',
          paddingTop: 24,
          fontSize: 28,
          color: MUTED,
        }}
      >
        <div style={{ display: 'flex', fontWeight: 600, color: INK }}>{byline}</div>
        <div style={{ display: 'flex' }}>{siteName}</div>
      </div>
    </div>
  );
}
