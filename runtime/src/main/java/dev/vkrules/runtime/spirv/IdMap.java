package dev.vkrules.runtime.spirv;

import java.util.Arrays;

/**
 * A map from SPIR-V ids to non-negative ints (instruction indices, table slots). Dense (an
 * array indexed by id) when the module's id bound is within a small multiple of its size,
 * else an open-addressing hash table sized by the number of entries: a header claiming a
 * bound of 2^32 never allocates for it.
 */
public final class IdMap {
  private static final int ABSENT = -1;
  private int[] dense;
  private int[] keys;
  private int[] values;
  private int size;

  private IdMap(int[] dense, int hashCapacity) {
    this.dense = dense;
    if (dense == null) {
      keys = new int[hashCapacity];
      values = new int[hashCapacity];
    }
  }

  /**
   * A map for ids below {@code bound} in a module of {@code words} words: dense when the
   * bound is at most twice the word count (plus a little), hashed otherwise.
   */
  public static IdMap forModule(long bound, int words) {
    if (bound >= 0 && bound <= 2L * words + 1024) {
      int[] d = new int[(int) bound];
      Arrays.fill(d, ABSENT);
      return new IdMap(d, 0);
    }
    return new IdMap(null, 16);
  }

  /** A hashed map for a few ids of any value. */
  public static IdMap hashed() {
    return new IdMap(null, 16);
  }

  /**
   * The dense map's array, indexed by id (-1 where absent; do not modify), or null for a hashed
   * map: a reader on a hot path looks ids up in it without a call.
   */
  public int[] denseTable() {
    return dense;
  }

  /** The value for {@code id}, or -1. */
  public int get(int id) {
    if (dense != null) {
      return id >= 0 && id < dense.length ? dense[id] : ABSENT;
    }
    if (id == 0) {
      return ABSENT;
    }
    int mask = keys.length - 1;
    for (int i = mix(id) & mask; ; i = (i + 1) & mask) {
      if (keys[i] == id) {
        return values[i];
      }
      if (keys[i] == 0) {
        return ABSENT;
      }
    }
  }

  public boolean contains(int id) {
    return get(id) != ABSENT;
  }

  /**
   * Stores {@code value} for {@code id} unless it has one. Returns the previous value, or -1
   * when stored. Ids outside a dense map's range and id 0 are rejected with -2.
   */
  public int putIfAbsent(int id, int value) {
    if (dense != null) {
      if (id <= 0 || id >= dense.length) {
        return -2;
      }
      int old = dense[id];
      if (old == ABSENT) {
        dense[id] = value;
        size++;
      }
      return old;
    }
    if (id == 0) {
      return -2;
    }
    if ((size + 1) * 2 > keys.length) {
      grow();
    }
    int mask = keys.length - 1;
    for (int i = mix(id) & mask; ; i = (i + 1) & mask) {
      if (keys[i] == id) {
        return values[i];
      }
      if (keys[i] == 0) {
        keys[i] = id;
        values[i] = value;
        size++;
        return ABSENT;
      }
    }
  }

  /** Replaces the value of an id already present (a no-op when absent). */
  public void replace(int id, int value) {
    if (dense != null) {
      if (id > 0 && id < dense.length && dense[id] != ABSENT) {
        dense[id] = value;
      }
      return;
    }
    if (id == 0) {
      return;
    }
    int mask = keys.length - 1;
    for (int i = mix(id) & mask; keys[i] != 0; i = (i + 1) & mask) {
      if (keys[i] == id) {
        values[i] = value;
        return;
      }
    }
  }

  public int size() {
    return size;
  }

  private void grow() {
    int[] oldKeys = keys;
    int[] oldValues = values;
    keys = new int[oldKeys.length * 2];
    values = new int[oldKeys.length * 2];
    size = 0;
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] != 0) {
        putIfAbsent(oldKeys[i], oldValues[i]);
      }
    }
  }

  private static int mix(int id) {
    int h = id * 0x9E3779B9;
    return h ^ (h >>> 16);
  }
}
