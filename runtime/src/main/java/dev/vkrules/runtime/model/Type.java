package dev.vkrules.runtime.model;

import java.util.Arrays;

/**
 * A type declaration ({@code OpType*}). Fields that do not apply to the kind are 0 (ids,
 * widths, counts) or -1 (enumerant values).
 */
public final class Type {
  final int id;
  final int inst;
  final int opcode;
  final TypeKind kind;
  int width;
  boolean signed;
  int componentType;
  int componentCount;
  int lengthId;
  int[] members = new int[0];
  int storageClass = -1;
  int pointee;
  int returnType;
  int[] parameters = new int[0];
  int dim = -1;
  int depth = -1;
  boolean arrayed;
  boolean multisampled;
  int sampled = -1;
  int imageFormat = -1;
  int accessQualifier = -1;

  Type(int id, int inst, int opcode) {
    this.id = id;
    this.inst = inst;
    this.opcode = opcode;
    this.kind = TypeKind.of(opcode);
  }

  public int id() {
    return id;
  }

  /** The declaring instruction's index in the module. */
  public int instruction() {
    return inst;
  }

  public int opcode() {
    return opcode;
  }

  public TypeKind kind() {
    return kind;
  }

  public boolean is(TypeKind k) {
    return kind == k;
  }

  /** Bit width of an int or float type; 0 otherwise. */
  public int width() {
    return width;
  }

  /** Signedness of an int type (false for other kinds). */
  public boolean signed() {
    return signed;
  }

  /**
   * The component type: of a vector (scalar), matrix (column vector), array and runtime
   * array (element), sampled image (image) and image (sampled type). 0 otherwise.
   */
  public int componentType() {
    return componentType;
  }

  /** Components of a vector, columns of a matrix; 0 otherwise. */
  public int componentCount() {
    return componentCount;
  }

  /** The length constant's id of an array; 0 otherwise. */
  public int lengthId() {
    return lengthId;
  }

  /** Member type ids of a struct. */
  public int[] members() {
    return members.clone();
  }

  public int memberCount() {
    return members.length;
  }

  public int member(int index) {
    return members[index];
  }

  /** Storage class of a pointer (or forward pointer); -1 otherwise. */
  public int storageClass() {
    return storageClass;
  }

  /** The pointee type id of a pointer (or forward pointer's pointer type); 0 otherwise. */
  public int pointee() {
    return pointee;
  }

  /** Return type id of a function type. */
  public int returnType() {
    return returnType;
  }

  /** Parameter type ids of a function type. */
  public int[] parameters() {
    return parameters.clone();
  }

  /** Image operands: Dim value, Depth (0, 1, 2), Arrayed, MS, Sampled (0, 1, 2), ImageFormat, access (-1 none). */
  public int dim() {
    return dim;
  }

  public int depth() {
    return depth;
  }

  public boolean arrayed() {
    return arrayed;
  }

  public boolean multisampled() {
    return multisampled;
  }

  public int sampled() {
    return sampled;
  }

  public int imageFormat() {
    return imageFormat;
  }

  public int accessQualifier() {
    return accessQualifier;
  }

  public boolean isScalar() {
    return kind == TypeKind.BOOL || kind == TypeKind.INT || kind == TypeKind.FLOAT;
  }

  public boolean isNumericScalar() {
    return kind == TypeKind.INT || kind == TypeKind.FLOAT;
  }

  @Override
  public String toString() {
    return "%" + id + " " + kind + (width > 0 ? " " + width : "")
        + (members.length > 0 ? " " + Arrays.toString(members) : "");
  }
}
