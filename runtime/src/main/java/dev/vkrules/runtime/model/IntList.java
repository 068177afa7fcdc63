package dev.vkrules.runtime.model;

import java.util.Arrays;

/** A growable int array, so call sites, parameters and capabilities need no boxing. */
final class IntList {
  int[] a = new int[4];
  int n;

  void add(int v) {
    if (n == a.length) {
      a = Arrays.copyOf(a, n * 2);
    }
    a[n++] = v;
  }

  int[] toArray() {
    return Arrays.copyOf(a, n);
  }
}
