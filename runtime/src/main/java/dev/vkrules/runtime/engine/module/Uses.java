package dev.vkrules.runtime.engine.module;


/**
 * The instructions inside functions that use each result as an id operand (every id operand
 * the parser reads by the grammar's operand layout), indexed once per module:
 * counted, then filled, so building it is linear.
 */
public final class Uses {
  private final ModuleIndex m;
  private final int[][] users;

  private Uses(ModuleIndex m) {
    this.m = m;
    int n = m.starts.length;
    int[][] ops = new int[n][];
    int[] count = new int[n];
    for (int i = 0; i < n; i++) {
      ops[i] = m.functionOf[i] < 0 ? ModuleIndex.IntList.EMPTY : m.idOperandsOf(i);
      for (int id : ops[i]) {
        int d = index(id);
        if (d >= 0) {
          count[d]++;
        }
      }
    }
    users = new int[n][];
    for (int i = 0; i < n; i++) {
      users[i] = new int[count[i]];
      count[i] = 0;
    }
    for (int i = 0; i < n; i++) {
      for (int id : ops[i]) {
        int d = index(id);
        // An instruction naming the same id twice is one user.
        if (d >= 0 && (count[d] == 0 || users[d][count[d] - 1] != m.starts[i])) {
          users[d][count[d]++] = m.starts[i];
        }
      }
    }
    for (int i = 0; i < n; i++) {
      if (count[i] < users[i].length) {
        users[i] = java.util.Arrays.copyOf(users[i], count[i]);
      }
    }
  }

  private int index(int id) {
    int d = m.def(id);
    return d < 0 ? -1 : m.indexOf(d);
  }

  public static Uses of(ModuleView f) {
    return f.memo(Uses.class, view -> new Uses(view.module()));
  }

  /** Word offsets of the instructions inside functions that use the result defined at word {@code x}. */
  public int[] usersOf(int x) {
    int i = m.indexOf(x);
    return i < 0 ? ModuleIndex.IntList.EMPTY : users[i];
  }
}
