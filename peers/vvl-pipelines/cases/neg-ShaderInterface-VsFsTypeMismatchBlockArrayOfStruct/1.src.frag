#version 450
struct S {
    vec4 a[2];
    float b;
    float c; // difference
};

in block {
    layout(location=0) float x;
    layout(location=6) S[2] y;
    layout(location=14) int[4] z;
} inBlock;

layout(location=0) out vec4 color;
void main(){
    color = inBlock.y[1].a[1];
}
