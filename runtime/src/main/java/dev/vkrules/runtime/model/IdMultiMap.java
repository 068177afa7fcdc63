package dev.vkrules.runtime.model;

import dev.vkrules.runtime.spirv.IdMap;
import java.util.Arrays;

/**
 * Many ints per id, built in linear time: collect pairs with {@link #add}, then
 * {@link #freeze} groups them by id with a counting sort that keeps insertion order.
 * Memory: three ints per pair plus one id map entry per distinct id.
 */
final class IdMultiMap {
  private static final int[] NONE = new int[0];
  private int[] keys = new int[8];
  private int[] values = new int[8];
  private int size;
  private IdMap slots;
  private int[] start;
  private int[] grouped;

  void add(int key, int value) {
    if (size == keys.length) {
      keys = Arrays.copyOf(keys, size * 2);
      values = Arrays.copyOf(values, size * 2);
    }
    keys[size] = key;
    values[size] = value;
    size++;
  }

  void freeze() {
    slots = IdMap.hashed();
    int distinct = 0;
    int[] slotOf = new int[size];
    for (int i = 0; i < size; i++) {
      int s = slots.get(keys[i]);
      if (s < 0) {
        s = distinct++;
        slots.putIfAbsent(keys[i], s);
      }
      slotOf[i] = s;
    }
    start = new int[distinct + 1];
    for (int i = 0; i < size; i++) {
      start[slotOf[i] + 1]++;
    }
    for (int s = 0; s < distinct; s++) {
      start[s + 1] += start[s];
    }
    int[] fill = Arrays.copyOf(start, distinct);
    grouped = new int[size];
    for (int i = 0; i < size; i++) {
      grouped[fill[slotOf[i]]++] = values[i];
    }
    keys = null;
    values = null;
  }

  /** The values added for {@code key}, in insertion order (a fresh array). */
  int[] get(int key) {
    int s = slots.get(key);
    return s < 0 ? NONE : Arrays.copyOfRange(grouped, start[s], start[s + 1]);
  }

  int count(int key) {
    int s = slots.get(key);
    return s < 0 ? 0 : start[s + 1] - start[s];
  }
}
