package dev.vkrules.runtime.model;

/** An {@code OpVariable}: its pointer type, storage class and pointee type. */
public final class Variable {
  final int id;
  final int inst;
  final int pointerType;
  final int storageClass;
  final int pointee;
  final int initializer;
  final int function;

  Variable(int id, int inst, int pointerType, int storageClass, int pointee, int initializer, int function) {
    this.id = id;
    this.inst = inst;
    this.pointerType = pointerType;
    this.storageClass = storageClass;
    this.pointee = pointee;
    this.initializer = initializer;
    this.function = function;
  }

  public int id() {
    return id;
  }

  public int instruction() {
    return inst;
  }

  /** The result type: a pointer type id. */
  public int pointerType() {
    return pointerType;
  }

  /** The StorageClass value (from the instruction). */
  public int storageClass() {
    return storageClass;
  }

  /** The pointee type id (from the pointer type; 0 when that is not a declared pointer). */
  public int pointee() {
    return pointee;
  }

  /** The initializer id, or 0. */
  public int initializer() {
    return initializer;
  }

  /** The enclosing function's id, or 0 for a module-scope variable. */
  public int function() {
    return function;
  }

  public boolean isGlobal() {
    return function == 0;
  }

  @Override
  public String toString() {
    return "variable %" + id;
  }
}
