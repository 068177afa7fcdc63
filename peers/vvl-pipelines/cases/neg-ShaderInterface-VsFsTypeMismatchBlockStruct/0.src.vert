#version 450
struct S {
    vec4 a[2];
    float b;
    int c; // difference
};

out block {
    layout(location=0) float x;
    layout(location=6) S y;
    layout(location=10) int[4] z;
} outBlock;

void main() {
    outBlock.y.a[1] = vec4(1);
    gl_Position = vec4(1);
}
