#version 450
layout(location=0) out vec4 color;
layout(location=0) in float x;
layout(location=1) flat in int y;
layout(location=2) in vec2 z;
void main(){
   color = vec4(1 + x + y + z.x);
}
