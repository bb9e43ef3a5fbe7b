/* MD: a simple molecular dynamics. N particles in a periodic box interact
 * through a soft pair potential V(r) = eps (1 - r/rc)^2 for r < rc; velocity
 * Verlet integration; forces in parallel over particles, potential and
 * kinetic energy by reductions. Verified by energy conservation.
 *
 * usage: md small|large */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int np, steps;
static double box, rc = 1.5, dt = 0.002;
static double *pos, *vel, *force;

static double minimum_image(double d) {
  if (d > 0.5 * box)
    d -= box;
  else if (d < -0.5 * box)
    d += box;
  return d;
}

static double compute_forces(void) {
  double potential = 0;
#pragma omp parallel for schedule(static) reduction(+:potential)
  for (int i = 0; i < np; i++) {
    double fx = 0, fy = 0, fz = 0;
    for (int j = 0; j < np; j++) {
      if (j == i)
        continue;
      double dx = minimum_image(pos[3 * i] - pos[3 * j]);
      double dy = minimum_image(pos[3 * i + 1] - pos[3 * j + 1]);
      double dz = minimum_image(pos[3 * i + 2] - pos[3 * j + 2]);
      double r = sqrt(dx * dx + dy * dy + dz * dz);
      if (r >= rc || r == 0)
        continue;
      double s = 1.0 - r / rc;
      potential += 0.5 * s * s; /* each pair is seen twice */
      double f = 2.0 * s / (rc * r);
      fx += f * dx;
      fy += f * dy;
      fz += f * dz;
    }
    force[3 * i] = fx;
    force[3 * i + 1] = fy;
    force[3 * i + 2] = fz;
  }
  return potential;
}

static double kinetic(void) {
  double k = 0;
#pragma omp parallel for reduction(+:k)
  for (int i = 0; i < 3 * np; i++)
    k += 0.5 * vel[i] * vel[i];
  return k;
}

int main(int argc, char **argv) {
  const char *which = argc > 1 ? argv[1] : "small";
  int side = !strcmp(which, "large") ? 14 : 7;
  np = side * side * side;
  steps = !strcmp(which, "large") ? 40 : 20;
  box = side * 1.0;
  pos = malloc(sizeof(double) * 3 * np);
  vel = malloc(sizeof(double) * 3 * np);
  force = malloc(sizeof(double) * 3 * np);
  unsigned long long s = 7;
  for (int i = 0; i < np; i++) {
    int a = i % side, b2 = (i / side) % side, c = i / (side * side);
    double coord[3] = {a + 0.5, b2 + 0.5, c + 0.5};
    for (int d = 0; d < 3; d++) {
      s = s * 6364136223846793005ull + 1442695040888963407ull;
      double jitter = ((double)(s >> 11) / 9007199254740992.0 - 0.5) * 0.2;
      pos[3 * i + d] = coord[d] + jitter;
      s = s * 6364136223846793005ull + 1442695040888963407ull;
      vel[3 * i + d] = ((double)(s >> 11) / 9007199254740992.0 - 0.5) * 0.5;
    }
  }
  double start = omp_get_wtime();
  double pot = compute_forces();
  double e0 = pot + kinetic();
  for (int step = 0; step < steps; step++) {
#pragma omp parallel for
    for (int i = 0; i < 3 * np; i++) {
      vel[i] += 0.5 * dt * force[i];
      pos[i] += dt * vel[i];
      if (pos[i] < 0)
        pos[i] += box;
      else if (pos[i] >= box)
        pos[i] -= box;
    }
    pot = compute_forces();
#pragma omp parallel for
    for (int i = 0; i < 3 * np; i++)
      vel[i] += 0.5 * dt * force[i];
  }
  double e1 = pot + kinetic();
  double elapsed = omp_get_wtime() - start;
  double drift = fabs(e1 - e0) / fabs(e0);
  int ok = drift < 1e-3 && e0 > 0;
  printf("RESULT kernel=md size=%s particles=%d steps=%d time=%.6f verified=%d energy=%.8e drift=%.2e\n",
         which, np, steps, elapsed, ok, e1, drift);
  return ok ? 0 : 1;
}
