// A beam search for Easy Harp wins (a bench tool beside eh_exhaust.c, whose moves, keys
// and input it shares; bench/decide_positions.py builds and drives it: --mode beam).
// It looks for wins that a depth-first search, whatever its order, reaches too late: each
// layer keeps the WIDTH positions that look nearest to a win, every move of each is
// tried, and the best WIDTH of the children not seen before make the next layer. It is
// not complete: it answers "winnable" (with a line that bench/decide_positions.py replays
// through the rules before it keeps it) or "unknown", never "unwinnable".
//
// Usage: eh_beam WIDTH TABLE_BITS WEIGHTS SEED < position
// WEIGHTS: "D,B,F,E": a position's score (lower is better) is D per face-down card,
// B per face-up card lying on a face-down one, E less per empty column and F less per
// card on a foundation; SEED breaks ties at random. Moves are the plain ones (no
// obligations of bases: a beam keeps no stack, so obligations would only narrow it).
// Output as eh_exhaust's: "winnable NODES" then the moves, or "unknown NODES" (NODES: the
// positions kept over all layers).
// With BEAM_DEBUG set in the environment, each layer's candidates, kept positions and best
// score go to standard error (how a beam that empties, caught in one region, shows).
#define EH_NO_MAIN
#include "eh_exhaust.c"

#define LMAX 32
typedef struct { uint8_t len[9], down[9], deck[52], found[8], c[9][LMAX]; } Pk;
typedef struct { int score; uint32_t parent; Mv m; uint64_t k1, k2; } Cand;
static int WD = 100, WB = 10, WF = 0, WE = 30;  // as BEAM_WEIGHTS of bench/decide_positions.py

static void pack(Pk *p) {
  for (int i = 0; i < 9; i++) { p->len[i] = S.len[i]; p->down[i] = S.down[i]; memcpy(p->c[i], S.c[i], S.len[i]); }
  for (int f = 0; f < 52; f++) p->deck[f] = S.deck[f];
  for (int j = 0; j < 8; j++) p->found[j] = S.found[j];
}
static void unpack(const Pk *p) {
  for (int i = 0; i < 9; i++) { S.len[i] = p->len[i]; S.down[i] = p->down[i]; memcpy(S.c[i], p->c[i], p->len[i]); }
  for (int f = 0; f < 52; f++) S.deck[f] = p->deck[f];
  for (int j = 0; j < 8; j++) S.found[j] = p->found[j];
  rehash();
}
static int fits_pack(void) { for (int i = 0; i < 9; i++) if (S.len[i] > LMAX) return 0; return 1; }

static int score(void) {
  int s = 0;
  for (int i = 0; i < 9; i++) {
    s += WD * S.down[i];
    if (S.down[i]) s += WB * (S.len[i] - S.down[i]);
    if (!S.len[i]) s -= WE;
  }
  for (int j = 0; j < 8; j++) s -= WF * S.found[j];
  return s;
}
static int by_score(const void *a, const void *b) {
  const Cand *x = a, *y = b;
  if (x->score != y->score) return x->score < y->score ? -1 : 1;
  return x->k1 < y->k1 ? -1 : x->k1 > y->k1;  // keys are random: a seeded tie-break
}
// One step of a line: the move, then the aces it lets go up (printed with PRINT).
static void step(Mv m, int print) {
  do_move(m); if (print) print_move(m);
  size_t a0 = NAUTO; autoplay();
  if (print) for (size_t q = a0; q < NAUTO; q++) print_move(AUTO[q].m);
}

int main(int argc, char **argv) {
  long width = argc > 1 ? atol(argv[1]) : 1000;
  int bits = argc > 2 ? atoi(argv[2]) : 24;
  if (argc > 3 && sscanf(argv[3], "%d,%d,%d,%d", &WD, &WB, &WF, &WE) != 4) return 2;
  uint64_t seed = argc > 4 ? strtoull(argv[4], NULL, 10) : 1;
  if (width < 1 || bits < 10 || bits > 34) return 2;
  BASES = 0;
  TTMASK = (1ULL << bits) - 1; TTCAP = (TTMASK + 1) / 10 * 7;
  TT = calloc((TTMASK + 1) * 2, sizeof(uint64_t));
  if (!read_input()) return 2;
  for (int c = 0; c < 52; c++) for (int d = 0; d < 3; d++) { D1[c][d] ^= seed * 0x9e3779b97f4a7c15ULL; }  // the tie-break
  if (!fits_pack()) return 2;
  Pk orig, root; pack(&orig); autoplay(); pack(&root);
  Pk *cur = malloc(sizeof(Pk)), *next = NULL; cur[0] = root;
  long n = 1; long long nodes = 1;
  uint32_t **par = NULL; Mv **mvs = NULL; int depth = 0;
  { uint64_t k1, k2; key(&k1, &k2); tt_put(k1, k2); }
  Cand *cand = NULL; size_t cc = 0;
  int won = 0; uint32_t won_parent = 0; Mv won_move = {0};
  while (n && !won) {
    size_t nc = 0;
    for (long i = 0; i < n && !won; i++) {
      unpack(&cur[i]);
      size_t m0 = NMV; gen();
      for (size_t q = m0; q < NMV; q++) {
        Mv m = MV[q];
        Done d = do_move(m); size_t b0 = NAUTO; int nb = autoplay();
        if (no_down()) { won = 1; won_parent = (uint32_t)i; won_move = m; }
        else if (fits_pack()) {
          uint64_t k1, k2; key(&k1, &k2);
          if (nc == cc) { cc = cc * 2 + 65536; cand = realloc(cand, cc * sizeof(Cand)); }
          cand[nc++] = (Cand){score(), (uint32_t)i, m, k1, k2};
        }
        for (size_t r = nb; r-- > 0;) undo_move(AUTO[b0 + r]);
        NAUTO = b0; undo_move(d);
        if (won) break;
      }
      NMV = m0;
    }
    if (won) break;
    qsort(cand, nc, sizeof(Cand), by_score);
    next = realloc(next, (size_t)width * sizeof(Pk));
    par = realloc(par, (depth + 1) * sizeof *par); mvs = realloc(mvs, (depth + 1) * sizeof *mvs);
    par[depth] = malloc((size_t)width * sizeof(uint32_t)); mvs[depth] = malloc((size_t)width * sizeof(Mv));
    long k = 0;
    for (size_t q = 0; q < nc && k < width; q++) {
      if (TTN >= TTCAP) break;
      if (!tt_put(cand[q].k1, cand[q].k2)) continue;
      unpack(&cur[cand[q].parent]);
      size_t b0 = NAUTO; step(cand[q].m, 0); NAUTO = b0;
      pack(&next[k]); par[depth][k] = cand[q].parent; mvs[depth][k] = cand[q].m; k++;
    }
    if (getenv("BEAM_DEBUG") && nc) fprintf(stderr, "d%d cand %zu kept %ld best %d\n", depth, nc, k, cand[0].score);
    Pk *t = cur; cur = next; next = t; n = k; nodes += k; depth++;
    if (TTN >= TTCAP) break;
  }
  if (!won) { printf("unknown %lld\n", nodes); return 0; }
  printf("winnable %lld\n", nodes);
  // the line: walk the parents back from the winning move, then replay from the root
  Mv *line = malloc((size_t)(depth + 1) * sizeof(Mv)); uint32_t at = won_parent;
  line[depth] = won_move;
  for (int d = depth - 1; d >= 0; d--) { line[d] = mvs[d][at]; at = par[d][at]; }
  // from the position as read: its own aces, each step and its aces, the rest up
  unpack(&orig);
  size_t a0 = NAUTO; autoplay();
  for (size_t q = a0; q < NAUTO; q++) print_move(AUTO[q].m);
  for (int d = 0; d <= depth; d++) step(line[d], 1);
  finish_line();
  return 0;
}
