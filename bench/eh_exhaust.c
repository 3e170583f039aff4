// Easy Harp's complete search written again in C, 15 to 30 times as fast as the rules
// package's (a bench tool: bench/decide_positions.py builds and drives it; not product code).
// It tells how far the product's proofs are from deciding a set of positions (issue 24
// point 3), and checks at scale, against a search without it, the pruning the product uses.
//
// Usage: eh_exhaust MAX_NODES TABLE_BITS plain|bases|dead|columns [SEED] < position
// With SEED (not 0) the moves of each class but foundation moves are tried in a random
// order: a dive that finds other wins first ("unknown" says nothing, "unwinnable" is a
// proof as without it: the search is as complete).
// Input: 9 lines "DOWN N c1 .. cN" (a column bottom to top, DOWN of them face down), then
// "deck K f1 .. fK", then "found h1 .. h8". Cards are faces suit * 13 + rank - 1 with
// suits S H D C (H and D red); slot j takes suit j % 4 (SPEC §4, game/solver/eh_state.py).
// Output: "winnable NODES" and the moves (SPEC §2 notation, "D FACE DEST" for a deck card
// played to DEST after stock taps), "unwinnable NODES" or "unknown NODES".
//
// What it prunes, each proved in the product's docstrings:
// - an ace goes up at once and never comes back (game/solver/eh_state.py);
// - symmetric choices: the columns and the two slots of a suit are multisets in the key;
//   only the lowest empty column is a destination, no whole column moves to an empty one,
//   one take-back per face when both slots of a suit show it;
// - a position without a face-down card is won when each column's ranks fall from bottom
//   to top (in play they always do: face-up cards form runs): the lowest card not up is
//   then a column's top card or in the deck, and goes up (every lower card is up, both
//   copies, so a slot of its suit holds one rank less);
// - "bases" and "dead": a card put on a column from the deck or a foundation must be built
//   on by the next move (game/solver/eh_bases.py), so a deck card is a base only when a
//   chain of deck cards from it could end (eh_bases.chained); positions with such an
//   obligation are not kept in the table (their chains are short and acyclic), and one is
//   skipped when the same position without an obligation was reached;
// - "dead" only: a position the relaxed game of game/solver/eh_dead.py proves lost is a
//   leaf (the product checks only near the end: far from it, the check costs about ten
//   expansions and seldom cuts).
// - "columns" (bases, and more; not in the product): a column's top card X moved onto
//   another column without turning a card up or emptying its column is a base too (kind
//   8): the next move puts a card on X or on the card Z it uncovered, or moves Z. Why no
//   win is lost, as for the bases of eh_bases.py: take a winning play in which every base
//   before the last one not kept, B, is kept, and the first later move E that touches X
//   or Z (moves one, puts a card on one, or carries X in a king-led run). The moves
//   between leave X, Z and the card under X alone (covered all along), so they stay
//   legal with B played just before E; then E puts a card on X or Z, or moves Z (B is
//   kept); or E moves X (X goes there straight from Z's column: one move for two); or E
//   carries X in a king-led run (the run moves without X and X follows it: B comes
//   later). A base M between that E kept cannot lose it: E would touch X or Z through M's
//   cards, so M would be E. Each step shortens the play or moves B later, so a win with
//   every base kept exists whenever a win does. Chains of column bases can come back to
//   a position, so a position with an obligation is kept in the table here (its key
//   holds the obligation), and is still skipped when reached before without one.
//   Careless positions proved lost (positions, "bases" -> "columns"): 16 40,540,584 ->
//   14,582,107; 112 8,732,457 -> 2,412,552; 183 6,098,213 -> 2,849,136; but 109
//   3,410,717 -> 3,905,770, 55 1,906,419 -> 3,333,159, 114 18,713,607 -> 26,862,085, 129
//   12,080,237 -> 25,148,645 (8 December 2026): not a gain overall.
// The table keeps two 64-bit hashes per position (Zobrist keys of each column, mixed and
// summed so that the order of the columns does not count); a collision of both would be
// needed to lose a position.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { uint8_t c[9][120]; int len[9], down[9]; int deck[52]; int found[8]; } St;
static St S;

static inline int red(int f) { return f >= 13 && f < 39; }
static inline int fits(int x, int t) { return t % 13 == x % 13 + 1 && red(x) != red(t); }

// move: type(0..4) a b n face
typedef struct { uint8_t t, a, b, n, f; } Mv;
typedef struct { Mv m; uint8_t flip; uint16_t opend, opmove; int8_t opslot; } Done;
static int PEND = 0, PSLOT = -1, PMOVE = 0, BASES = 1, DEAD = 0, COLB = 0;
static uint64_t SEED = 0;  // nonzero: moves of a class in a random order (a dive for wins)

static uint64_t Z1[120][52][2], Z2[120][52][2], D1[52][3], D2[52][3];
static uint64_t HZ1[9], HZ2[9];
static uint64_t splitmix(uint64_t *x) {  // the next number of SplitMix64 from state x
  uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL; z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
static void zinit(void) {
  uint64_t x = 12345;
  for (int i = 0; i < 120; i++) for (int c = 0; c < 52; c++) for (int d = 0; d < 2; d++) {
    Z1[i][c][d] = splitmix(&x); Z2[i][c][d] = splitmix(&x); }
  for (int c = 0; c < 52; c++) for (int d = 0; d < 3; d++) { D1[c][d] = splitmix(&x); D2[c][d] = splitmix(&x); }
}
static uint64_t *TT; static uint64_t TTMASK; static uint64_t TTN, TTCAP;

static uint64_t mix(uint64_t h) { h ^= h >> 33; h *= 0xff51afd7ed558ccdULL; h ^= h >> 33; h *= 0xc4ceb9fe1a85ec53ULL; h ^= h >> 33; return h; }

static void key(uint64_t *k1, uint64_t *k2) {
  uint64_t h1 = 0, h2 = 0;
  for (int i = 0; i < 9; i++) { h1 += mix(HZ1[i] + 0x1234567ULL); h2 += mix(HZ2[i] ^ 0xabcdef12345ULL); }
  for (int f = 0; f < 52; f++) { h1 ^= D1[f][S.deck[f]]; h2 ^= D2[f][S.deck[f]]; }
  if (PEND) {
    uint64_t o1 = 0x77, o2 = 0x99;
    for (int p = 0; p < 9; p++) if (PEND >> p & 1) { o1 += mix(HZ1[p] ^ 0x5555ULL); o2 += mix(HZ2[p] ^ 0x3333ULL); }
    if (PSLOT >= 0) { o1 = mix(o1 + 1000 + PSLOT % 4 * 16 + S.found[PSLOT]); o2 = mix(o2 ^ (2000 + PSLOT % 4 * 16 + S.found[PSLOT])); }
    for (int p = 0; p < 9; p++) if (PMOVE >> p & 1) { o1 += mix(HZ1[p] ^ 0x7777ULL); o2 += mix(HZ2[p] ^ 0x1111ULL); }
    h1 = mix(h1 ^ o1); h2 = mix(h2 + o2);
  }
  *k1 = mix(h1) | 1; *k2 = h2;
}
static int tt_has_plain(void) {
  int sp = PEND; PEND = 0; uint64_t k1, k2; key(&k1, &k2); PEND = sp;
  uint64_t i = k1 & TTMASK;
  for (;;) { uint64_t *e = TT + 2 * i; if (!e[0]) return 0; if (e[0] == k1 && e[1] == k2) return 1; i = (i + 1) & TTMASK; }
}

static int tt_put(uint64_t k1, uint64_t k2) {  // 1 when new
  uint64_t i = k1 & TTMASK;
  for (;;) {
    uint64_t *e = TT + 2 * i;
    if (!e[0]) { e[0] = k1; e[1] = k2; TTN++; return 1; }
    if (e[0] == k1 && e[1] == k2) return 0;
    i = (i + 1) & TTMASK;
  }
}
static int tt_add(void) { uint64_t k1, k2; key(&k1, &k2); return tt_put(k1, k2); }  // 1 when new

static inline void push_c(int a, int c) { int j = S.len[a]++; S.c[a][j] = c; HZ1[a] += Z1[j][c][0]; HZ2[a] ^= Z2[j][c][0]; }
static inline void pop_c(int a) { int j = --S.len[a]; int c = S.c[a][j]; HZ1[a] -= Z1[j][c][0]; HZ2[a] ^= Z2[j][c][0]; }
static inline void flip_c(int a, int on) { int j = S.down[a] - (on ? 1 : 0); int c = S.c[a][j]; /* on: card j turns up */
  if (on) { HZ1[a] += Z1[j][c][0] - Z1[j][c][1]; HZ2[a] ^= Z2[j][c][0] ^ Z2[j][c][1]; S.down[a]--; }
  else { S.down[a]++; j = S.down[a] - 1; c = S.c[a][j]; HZ1[a] += Z1[j][c][1] - Z1[j][c][0]; HZ2[a] ^= Z2[j][c][0] ^ Z2[j][c][1]; } }
static int pop_cards(int a, int n) { for (int q = 0; q < n; q++) pop_c(a); if (S.len[a] && S.len[a] == S.down[a]) { flip_c(a, 1); return 1; } return 0; }

static int slot_for(int f) { for (int j = 0; j < 8; j++) if (j % 4 == f / 13 && S.found[j] == f % 13) return j; return -1; }

static Done do_plain(Mv m);
// The plain move of a move that also sets or ends an obligation (5-9).
static int plain_of(int t) { return t == 5 ? 2 : t == 6 ? 4 : t == 9 ? 1 : 0; }
static Done do_move(Mv m) {
  if (m.t >= 5) {
    Mv p = m; p.t = plain_of(m.t);
    Done d = do_plain(p); d.m = m; d.opend = PEND; d.opslot = PSLOT; d.opmove = PMOVE;
    if (m.t == 7 || m.t == 9) { PEND = 0; PSLOT = -1; PMOVE = 0; }
    else if (m.t == 5) { PEND = 1 << m.b; PSLOT = -1; PMOVE = 0; }
    else if (m.t == 8) { PEND = 1 << m.a | 1 << m.b; PSLOT = -1; PMOVE = 1 << m.a; }
    else { if (PEND && m.a == PSLOT) PEND |= 1 << m.b; else PEND = 1 << m.b; PSLOT = m.a; PMOVE = 0; }
    return d;
  }
  return do_plain(m);
}
static Done do_plain(Mv m) {
  Done d = {m, 0, 0, 0};
  switch (m.t) {
  case 0: for (int q = m.n; q > 0; q--) push_c(m.b, S.c[m.a][S.len[m.a] - q]); d.flip = pop_cards(m.a, m.n); break;
  case 1: S.found[m.b]++; d.flip = pop_cards(m.a, 1); break;
  case 2: S.deck[m.f]--; push_c(m.b, m.f); break;
  case 3: S.deck[m.f]--; S.found[m.b]++; break;
  case 4: S.found[m.a]--; push_c(m.b, m.f); break;
  }
  return d;
}

static void undo_plain(Done d);
static void undo_move(Done d) {
  if (d.m.t >= 5) { PEND = d.opend; PSLOT = d.opslot; PMOVE = d.opmove; Done e = d; e.m.t = plain_of(d.m.t); undo_plain(e); return; }
  undo_plain(d);
}
static void undo_plain(Done d) {
  Mv m = d.m;
  switch (m.t) {
  case 0: if (d.flip) flip_c(m.a, 0); for (int q = m.n; q > 0; q--) push_c(m.a, S.c[m.b][S.len[m.b] - q]); for (int q = 0; q < m.n; q++) pop_c(m.b); break;
  case 1: if (d.flip) flip_c(m.a, 0); S.found[m.b]--; push_c(m.a, m.f); break;
  case 2: pop_c(m.b); S.deck[m.f]++; break;
  case 3: S.found[m.b]--; S.deck[m.f]++; break;
  case 4: pop_c(m.b); S.found[m.a]++; break;
  }
}

// auto: aces up. Pushes onto AUTO stack, returns count.
static Done *AUTO; static size_t NAUTO, CAPAUTO;
static void push_auto(Done d) { if (NAUTO == CAPAUTO) { CAPAUTO = CAPAUTO * 2 + 1024; AUTO = realloc(AUTO, CAPAUTO * sizeof(Done)); } AUTO[NAUTO++] = d; }
static int autoplay(void) {
  int n = 0;
  for (;;) {
    int did = 0;
    for (int i = 0; i < 9 && !did; i++) if (S.len[i]) {
      int x = S.c[i][S.len[i] - 1];
      if (x % 13 == 0) { int j = slot_for(x); if (j >= 0) { Mv m = {1, i, j, 1, x}; push_auto(do_move(m)); n++; did = 1; } }
    }
    for (int s = 0; s < 4 && !did; s++) if (S.deck[s * 13]) { int j = slot_for(s * 13); if (j >= 0) { Mv m = {3, 0, j, 1, s * 13}; push_auto(do_move(m)); n++; did = 1; } }
    if (!did) return n;
  }
}

// Won: no card face down and every column's ranks fall from bottom to top (always so in
// play: a column's face-up cards are a run; not so in a position typed in any order).
static int no_down(void) {
  for (int i = 0; i < 9; i++) {
    if (S.down[i]) return 0;
    for (int j = 1; j < S.len[i]; j++) if (S.c[i][j] % 13 >= S.c[i][j - 1] % 13) return 0;
  }
  return 1;
}

// moves, best first: foundation, flips/empties, deck->col, other col moves, take-backs
static Mv *MV; static size_t NMV, CAPMV;
static void add(Mv m) { if (NMV == CAPMV) { CAPMV = CAPMV * 2 + 4096; MV = realloc(MV, CAPMV * sizeof(Mv)); } MV[NMV++] = m; }
static inline void on2(int c, int *lo, int *hi) { int r = c % 13; if (!r) { *lo = *hi = -1; return; } if (red(c)) { *lo = r - 1; *hi = 38 + r; } else { *lo = 12 + r; *hi = 25 + r; } }
static int slot_top_of(int f) { for (int j = 0; j < 8; j++) { int h = S.found[j]; if (h > 1 && (j % 4) * 13 + h - 1 == f) return j; } return -1; }
static int wanted(int c, int d) {
  int fs[2]; on2(c, &fs[0], &fs[1]);
  for (int q = 0; q < 2; q++) { int f = fs[q]; if (f < 0) return 0;
    if (S.deck[f] || slot_top_of(f) >= 0) return 1;
    for (int s2 = 0; s2 < 9; s2++) if (s2 != d && S.len[s2] && S.c[s2][S.len[s2] - 1] == f) return 1; }
  return 0;
}
// A deck card put on column D as a base (bases only) starts a chain that must end: the
// card put on it next comes from the deck (a base on D in turn, one rank lower) or is a
// foundation's top card or another column's top card, as they are now (eh_bases.chained).
static int chain_ok(int c, int d) {
  int fs[2]; on2(c, &fs[0], &fs[1]);
  if (fs[0] < 0) return 0;
  for (int q = 0; q < 2; q++) { int f = fs[q];
    if (slot_top_of(f) >= 0) return 1;
    for (int s2 = 0; s2 < 9; s2++) if (s2 != d && S.len[s2] && S.c[s2][S.len[s2] - 1] == f) return 1; }
  for (int q = 0; q < 2; q++) if (S.deck[fs[q]] && chain_ok(fs[q], d)) return 1;
  return 0;
}
static int accepts_any(int c, int empty) {
  if (c % 13 == 12) return empty >= 0;
  for (int b = 0; b < 9; b++) if (S.len[b] && fits(c, S.c[b][S.len[b] - 1])) return 1;
  return 0;
}
static int run_wanted(int j, int empty) {
  int suit = j % 4, h = S.found[j];
  for (int r = h; r > 1; r--) { int c = suit * 13 + r - 1;
    if (r < h && !accepts_any(c, empty)) return 0;
    if (wanted(c, -1)) return 1; }
  return 0;
}
// The number of cards of column A's top run when a king starts it and cards lie under
// it (it may move into an empty column as one; a whole column moving is a symmetric
// choice, not searched), else 0. A king starts a run only at its bottom.
static int king_run(int a) {
  int L = S.len[a], n = 1;
  if (!L) return 0;
  while (n < L - S.down[a]) { int lo = S.c[a][L - n - 1], hi = S.c[a][L - n]; if (!fits(hi, lo)) break; n++; }
  return S.c[a][L - n] % 13 == 12 && n < L ? n : 0;
}
// A column's top card moved to another column (column bases only): a base (8) unless it
// turns a card up or empties its column, else PLAIN (0 or 7).
static int col_kind(int a, int plain) { return COLB && S.len[a] > 1 && S.len[a] - 1 > S.down[a] ? 8 : plain; }
// Column bases: the moves of the uncovered card PMOVE waits on (it may move itself).
static void gen_uncovered(int empty) {
  for (int a = 0; a < 9; a++) if (PMOVE >> a & 1 && S.len[a]) {
    int L = S.len[a], x = S.c[a][L - 1], j = slot_for(x);
    if (j >= 0) add((Mv){9, a, j, 1, x});
    for (int b = 0; b < 9; b++) if (b != a && S.len[b] && fits(x, S.c[b][S.len[b] - 1])) add((Mv){col_kind(a, 7), a, b, 1, x});
    int n = empty >= 0 ? king_run(a) : 0;
    if (n) add((Mv){7, a, empty, n, S.c[a][L - n]});
  }
}
static void gen_owed(int empty) {
  Mv later[256]; int nl = 0;
  for (int p = 0; p < 9; p++) if (PEND >> p & 1) {
    int fs[2]; on2(S.c[p][S.len[p] - 1], &fs[0], &fs[1]);
    if (fs[0] < 0) continue;
    for (int s2 = 0; s2 < 9; s2++) if (!(PEND >> s2 & 1) && S.len[s2]) { int t = S.c[s2][S.len[s2] - 1]; if (t == fs[0] || t == fs[1]) add((Mv){col_kind(s2, 7), s2, p, 1, t}); }
    for (int q = 0; q < 2; q++) { int f = fs[q];
      if (S.deck[f] && chain_ok(f, p)) later[nl++] = (Mv){5, 0, p, 1, f};
      int j = slot_top_of(f);
      if (j >= 0 && run_wanted(j, empty)) later[nl++] = (Mv){6, j, p, 1, f}; }
  }
  int j = PSLOT, kept = 0;  // the run so far could be built on (eh_bases.owed)
  for (int p = 0; p < 9; p++) if (PEND >> p & 1 && wanted(S.c[p][S.len[p] - 1], p)) kept = 1;
  if (j >= 0 && S.found[j] > 1 && (kept || run_wanted(j, empty))) {
    int c = (j % 4) * 13 + S.found[j] - 1;
    for (int b = 0; b < 9; b++) if (S.len[b] && fits(c, S.c[b][S.len[b] - 1])) later[nl++] = (Mv){6, j, b, 1, c};
    if (c % 13 == 12 && empty >= 0) later[nl++] = (Mv){6, j, empty, 1, c};
  }
  for (int q = 0; q < nl; q++) add(later[q]);
  gen_uncovered(empty);
}
static void gen(void) {
  int empty = -1;
  for (int i = 0; i < 9; i++) if (!S.len[i]) { empty = i; break; }
  if (PEND) { gen_owed(empty); return; }
  Mv buf[4][600]; int nb[4] = {0, 0, 0, 0};
#define PUT(p, ...) do { Mv _m = {__VA_ARGS__}; buf[p][nb[p]++] = _m; } while (0)
  for (int a = 0; a < 9; a++) {
    int L = S.len[a]; if (!L) continue;
    int x = S.c[a][L - 1];
    int j = slot_for(x);
    if (j >= 0) PUT(0, 1, a, j, 1, x);
    int useful = (L == 1) || (L - 1 == S.down[a]);
    for (int b = 0; b < 9; b++) if (b != a && S.len[b] && fits(x, S.c[b][S.len[b] - 1])) PUT(useful ? 1 : 3, col_kind(a, 0), a, b, 1, x);
    int n = empty >= 0 ? king_run(a) : 0;
    if (n) PUT(1, 0, a, empty, n, S.c[a][L - n]);
  }
  for (int f = 0; f < 52; f++) if (S.deck[f]) {
    int j = slot_for(f);
    if (j >= 0) PUT(0, 3, 0, j, 1, f);
    int t = BASES ? 5 : 2;
    for (int b = 0; b < 9; b++) if (S.len[b] && fits(f, S.c[b][S.len[b] - 1]) && (!BASES || chain_ok(f, b))) PUT(2, t, 0, b, 1, f);
    if (f % 13 == 12 && empty >= 0 && (!BASES || chain_ok(f, empty))) PUT(2, t, 0, empty, 1, f);
  }
  for (int j = 0; j < 8; j++) {
    int h = S.found[j]; if (h < 2) continue;
    if (j >= 4 && S.found[j - 4] == h) continue;  // the two slots alike
    int f = (j % 4) * 13 + h - 1;
    if (BASES && !run_wanted(j, empty)) continue;
    int t = BASES ? 6 : 4;
    for (int b = 0; b < 9; b++) if (S.len[b] && fits(f, S.c[b][S.len[b] - 1])) PUT(3, t, j, b, 1, f);
    if (f % 13 == 12 && empty >= 0) PUT(3, t, j, empty, 1, f);
  }
  if (SEED) for (int p = 1; p < 4; p++) for (int i = nb[p] - 1; i > 0; i--) {  // a random order within each class
    int r = (int)(splitmix(&SEED) % (uint64_t)(i + 1)); Mv t = buf[p][i]; buf[p][i] = buf[p][r]; buf[p][r] = t; }
  for (int p = 0; p < 4; p++) for (int i = 0; i < nb[p]; i++) add(buf[p][i]);
}

// "dead" only: the relaxed game of game/solver/eh_dead.py (its docstring gives the proof),
// written again: 1 when some column card can never leave its place or some suit never
// reach its king, so the position is lost and the search treats it as a leaf.
static uint8_t R_out[9][120], R_tops[9][120], R_king[9][120];
static int r_leaves(int i, int p, int f, uint8_t reach[4][14], const uint8_t *face_top) {
  if (reach[f / 13][f % 13]) return 1;
  if (f % 13 == 12) return 0;
  int r = f % 13 + 1, t0, t1;
  if (f >= 13 && f < 39) { t0 = r; t1 = 39 + r; } else { t0 = 13 + r; t1 = 26 + r; }
  if (face_top[t0] || face_top[t1]) return 1;
  for (int qi = 0; qi < 9; qi++) for (int qp = 0; qp < S.len[qi]; qp++) {
    int g = S.c[qi][qp]; if (g != t0 && g != t1) continue;
    if (qi != i && R_tops[qi][qp]) return 1;
    if (qi == i && qp > p && R_out[qi][qp]) return 1;
  }
  return 0;
}
static int r_has_place(int f, const uint8_t *col_top, const uint8_t *face_top, int empty) {
  if (f % 13 == 12) return empty;
  int r = f % 13 + 1, t0, t1;
  if (f >= 13 && f < 39) { t0 = r; t1 = 39 + r; } else { t0 = 13 + r; t1 = 26 + r; }
  return col_top[t0] || face_top[t0] || col_top[t1] || face_top[t1];
}
static int dead(void) {
  uint8_t reach[4][14], face_top[52], col_top[52];
  memset(reach, 0, sizeof reach); memset(face_top, 0, 52); memset(col_top, 0, 52);
  for (int j = 0; j < 8; j++) reach[j & 3][S.found[j]] = 1;
  int empty = 0;
  for (int i = 0; i < 9; i++) {
    if (!S.len[i]) empty = 1;
    int seen = 0;
    for (int p = 0; p < S.len[i]; p++) { seen = seen || S.c[i][p] % 13 == 12; R_king[i][p] = seen; R_out[i][p] = 0; }
  }
  int changed = 1;
  while (changed) {
    changed = 0;
    for (int i = 0; i < 9; i++) { int ok = 1; for (int p = S.len[i] - 1; p >= 0; p--) { R_tops[i][p] = ok; ok = ok && R_out[i][p]; } }
    for (int i = 0; i < 9; i++) for (int p = 0; p < S.len[i]; p++) { int f = S.c[i][p]; if (R_tops[i][p] && !col_top[f]) col_top[f] = changed = 1; }
    if (!empty) for (int i = 0; i < 9; i++) if (S.len[i]) {
      int all = 1; for (int p = 0; p < S.len[i]; p++) all = all && R_out[i][p];
      if (all) { empty = changed = 1; break; }
    }
    for (int f = 0; f < 52; f++) {
      if (face_top[f]) continue;
      int reached = 0; for (int n = f % 13 + 1; n <= 13; n++) reached = reached || reach[f / 13][n];
      if ((S.deck[f] || reached) && r_has_place(f, col_top, face_top, empty)) face_top[f] = changed = 1;
    }
    for (int s = 0; s < 4; s++) {
      int again = 1;
      while (again) {
        again = 0;
        for (int n = 0; n < 13; n++) { int f = s * 13 + n;
          if (reach[s][n] && !reach[s][n + 1] && (S.deck[f] || col_top[f] || face_top[f])) reach[s][n + 1] = again = changed = 1;
          if (reach[s][n + 1] && !reach[s][n] && r_has_place(f, col_top, face_top, empty)) reach[s][n] = again = changed = 1; }
      }
    }
    for (int i = 0; i < 9; i++) for (int p = 0; p < S.len[i]; p++) {
      int f = S.c[i][p];
      if (!R_out[i][p] && ((R_king[i][p] && empty) || (R_tops[i][p] && r_leaves(i, p, f, reach, face_top)))) R_out[i][p] = changed = 1;
    }
  }
  for (int i = 0; i < 9; i++) for (int p = 0; p < S.len[i]; p++) if (!R_out[i][p]) return 1;
  for (int s = 0; s < 4; s++) if (!reach[s][13]) return 1;
  return 0;
}

typedef struct { size_t mv0, mvn, i, auto0, nauto; Done chosen; } Frame;

static void print_move(Mv m) {
  switch (m.t) {
  case 0: printf("t%d-t%d:%d\n", m.a + 1, m.b + 1, m.n); break;
  case 1: printf("t%d-f\n", m.a + 1); break;
  case 2: printf("D %d t%d\n", m.f, m.b + 1); break;
  case 3: printf("D %d f\n", m.f); break;
  case 4: case 6: printf("f%d-t%d\n", m.a + 1, m.b + 1); break;
  case 5: printf("D %d t%d\n", m.f, m.b + 1); break;
  case 7: case 8: printf("t%d-t%d:%d\n", m.a + 1, m.b + 1, m.n); break;
  case 9: printf("t%d-f\n", m.a + 1); break;
  }
}

// A won position (no card face down) played out and printed: the lowest rank first.
static void finish_line(void) {
  for (;;) {
    int best = -1; Mv bm = {0};
    for (int i = 0; i < 9; i++) if (S.len[i]) { int x = S.c[i][S.len[i] - 1]; int j = slot_for(x); if (j >= 0 && (best < 0 || x % 13 < best)) { best = x % 13; bm = (Mv){1, i, j, 1, x}; } }
    for (int f = 0; f < 52; f++) if (S.deck[f]) { int j = slot_for(f); if (j >= 0 && (best < 0 || f % 13 < best)) { best = f % 13; bm = (Mv){3, 0, j, 1, f}; } }
    if (best < 0) break;
    do_move(bm); print_move(bm);
  }
}

// The column hashes of S, from scratch (after S was read or restored).
static void rehash(void) {
  for (int i = 0; i < 9; i++) { HZ1[i] = HZ2[i] = 0; for (int j = 0; j < S.len[i]; j++) { int c = S.c[i][j], d = j < S.down[i]; HZ1[i] += Z1[j][c][d]; HZ2[i] ^= Z2[j][c][d]; } }
}

// S from standard input (the format above); 0 when it does not parse.
static int read_input(void) {
  for (int i = 0; i < 9; i++) {
    int n; if (scanf("%d %d", &S.down[i], &n) != 2 || n < 0 || n > 120) return 0;
    S.len[i] = n; for (int j = 0; j < n; j++) { int v; if (scanf("%d", &v) != 1) return 0; S.c[i][j] = v; }
  }
  zinit(); rehash();
  int k; if (scanf("%*s %d", &k) != 1) return 0;
  for (int j = 0; j < k; j++) { int v; if (scanf("%d", &v) != 1) return 0; S.deck[v]++; }
  if (scanf("%*s") != 0) return 0;
  for (int j = 0; j < 8; j++) if (scanf("%d", &S.found[j]) != 1) return 0;
  return 1;
}

#ifndef EH_NO_MAIN
int main(int argc, char **argv) {
  long long budget = argc > 1 ? atoll(argv[1]) : 100000000LL;
  int bits = argc > 2 ? atoi(argv[2]) : 27;
  BASES = !(argc > 3 && !strcmp(argv[3], "plain"));
  DEAD = argc > 3 && !strcmp(argv[3], "dead");
  COLB = argc > 3 && !strcmp(argv[3], "columns");
  SEED = argc > 4 ? strtoull(argv[4], NULL, 10) : 0;
  if (bits < 10 || bits > 34) return 2;
  TTMASK = (1ULL << bits) - 1; TTCAP = (TTMASK + 1) / 10 * 7;
  TT = calloc((TTMASK + 1) * 2, sizeof(uint64_t));
  if (!read_input()) return 2;

  Frame *st = NULL; size_t ns = 0, cs = 0;
  long long nodes = 0;
  size_t a0 = NAUTO; int na = autoplay();
  tt_add(); nodes++;
  int won = no_down();
  if (!won && DEAD && dead()) { printf("unwinnable %lld\n", nodes); return 0; }
  if (!won) {
    cs = 1024; st = malloc(cs * sizeof(Frame));
    size_t m0 = NMV; gen();
    st[ns++] = (Frame){m0, NMV - m0, 0, a0, (size_t)na, {{0}, 0, 0, 0}};
    while (ns) {
      Frame *fr = &st[ns - 1];
      if (fr->i == fr->mvn) {
        for (size_t q = fr->nauto; q-- > 0;) undo_move(AUTO[fr->auto0 + q]);
        NAUTO = fr->auto0; NMV = fr->mv0; ns--;
        if (ns) undo_move(st[ns - 1].chosen);
        continue;
      }
      Mv m = MV[fr->mv0 + fr->i++];
      fr->chosen = do_move(m);
      size_t b0 = NAUTO; int nb = autoplay();
      if (no_down()) { won = 1; break; }
      if (PEND ? tt_has_plain() || (COLB && !tt_add()) : !tt_add()) { for (size_t q = nb; q-- > 0;) undo_move(AUTO[b0 + q]); NAUTO = b0; undo_move(fr->chosen); continue; }
      nodes++;
      if (nodes >= budget || TTN >= TTCAP) { printf("unknown %lld\n", nodes); return 0; }
      if (ns == cs) { cs *= 2; st = realloc(st, cs * sizeof(Frame)); }
      size_t m0 = NMV;
      if (DEAD && dead()) { st[ns++] = (Frame){m0, 0, 0, b0, (size_t)nb, {{0}, 0, 0, 0}}; continue; }  // a leaf
      gen();
      st[ns++] = (Frame){m0, NMV - m0, 0, b0, (size_t)nb, {{0}, 0, 0, 0}};
    }
  }
  if (!won) { printf("unwinnable %lld\n", nodes); return 0; }
  printf("winnable %lld\n", nodes);
  for (size_t i = 0; i < ns; i++) {
    for (size_t q = 0; q < st[i].nauto; q++) print_move(AUTO[st[i].auto0 + q].m);
    print_move(st[i].chosen.m);
  }
  // autos after the last move (or at the root when the root is already won)
  size_t from = ns ? st[ns - 1].auto0 + st[ns - 1].nauto : 0;
  for (size_t q = from; q < NAUTO; q++) print_move(AUTO[q].m);
  finish_line();
  return 0;
}
#endif
